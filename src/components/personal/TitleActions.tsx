/**
 * My List / Wishlist toggles and the five-star rating of one title (spec sections 4 and 8). Every change is
 * shown only after the server saved it. A visitor's click is remembered as the pending action and sends them
 * to sign in. The ratings count is the page's (view-reporting.ts), updated once a rating is saved.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { ContentType } from '../../lib/titles/client/content-types.ts';
import type { ListName } from '../../lib/lists/contract.ts';
import { $session, resolvedUser } from '../../lib/accounts/client/session-store.ts';
import { call } from '../../lib/http/api-client.ts';
import { LIST_LABELS } from '../../lib/lists/client/labels.ts';
import { listRoutes } from '../../lib/lists/routes.ts';
import type { TitleState } from '../../lib/ratings/contract.ts';
import { ratingRoutes } from '../../lib/ratings/routes.ts';
import { LIST_UPDATE_FAILED, RATING_FAILED } from '../../lib/personal/client/constants.ts';
import { deferUntilSignedIn } from './pending-action.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import { usePageTriggers } from '../../lib/islands/client/page-triggers.ts';
import { showRatingCount } from '../../lib/analytics/client/view-reporting.ts';

interface Props {
  type: ContentType;
  tmdbId: number;
  title: string;
}

const STARS = [1, 2, 3, 4, 5];

export default function TitleActions({ type, tmdbId, title }: Props) {
  const ref = { type, tmdbId };
  const session = useStore($session);
  const [state, setState] = useState<Omit<TitleState, 'ratingCount'>>({ lists: [], rating: null });
  const [busy, setBusy] = useState(false);
  const loaded = useRef<Promise<TitleState | null> | null>(null);

  /** The user's state of this title, loaded once per signed-in session; null for a visitor. */
  const loadState = () => {
    loaded.current ??= resolvedUser().then(async (user) => {
      if (!user) return null;
      const fresh = await call(ratingRoutes.titleState, { query: ref });
      setState(fresh);
      return fresh;
    }).catch(() => {
      loaded.current = null;
      return null;
    });
    return loaded.current;
  };
  const signedIn = session !== 'loading' && session !== null;
  useEffect(() => {
    if (signedIn) void loadState();
  }, [signedIn]);

  const toggle = async (list: ListName) => {
    if (busy) return;
    setBusy(true);
    try {
      if (!(await resolvedUser())) return deferUntilSignedIn({ kind: 'list', list, ...ref });
      const current = (await loadState()) ?? state;
      const inList = !current.lists.includes(list);
      try {
        const saved = await call(inList ? listRoutes.add : listRoutes.remove, { body: { list, ...ref } });
        setState((s) => ({ ...s, lists: inList ? [...s.lists, list] : s.lists.filter((l) => l !== list) }));
        showToast(saved.message, 'success');
      } catch {
        showToast(LIST_UPDATE_FAILED, 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  // The page's other list buttons (outside this island) act as this island's own.
  const root = useRef<HTMLDivElement>(null);
  usePageTriggers(root, '[data-list-toggle]', (trigger) => {
    if (root.current?.contains(trigger)) return false;
    void toggle(trigger.dataset.listToggle as ListName);
    return true;
  });

  const rate = async (rating: number) => {
    if (busy) return;
    setBusy(true);
    try {
      if (!(await resolvedUser())) return deferUntilSignedIn({ kind: 'rating', rating, ...ref });
      try {
        const saved = await call(ratingRoutes.rate, { body: { ...ref, rating } });
        setState((s) => ({ ...s, rating: saved.rating }));
        showRatingCount(saved.ratingCount);
        showToast(saved.message, 'success');
      } catch {
        showToast(RATING_FAILED, 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  const listButton = (list: ListName, on: string, off: string) => {
    const inList = state.lists.includes(list);
    return (
      <button type="button" className="btn" aria-pressed={inList} data-list-toggle={list} aria-busy={busy} onClick={() => void toggle(list)}>
        {inList ? on : off}
      </button>
    );
  };

  return (
    <div className="personal-actions" ref={root}>
      {listButton('my_list', `✓ ${LIST_LABELS.my_list.title}`, `+ ${LIST_LABELS.my_list.title}`)}
      {listButton('wishlist', `♥ ${LIST_LABELS.wishlist.title}`, `♡ ${LIST_LABELS.wishlist.title}`)}
      <div className="star-rating" role="group" aria-label={`Rate ${title}`}>
        {STARS.map((star) => (
          <button key={star} type="button" className="star" aria-pressed={state.rating !== null && star <= state.rating}
            aria-label={`Rate ${star} star${star === 1 ? '' : 's'}`} onClick={() => void rate(star)}>
            {state.rating !== null && star <= state.rating ? '★' : '☆'}
          </button>
        ))}
      </div>
    </div>
  );
}
