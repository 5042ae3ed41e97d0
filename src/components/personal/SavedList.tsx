/**
 * /my-list and /wishlist: the user's saved titles, newest first, with 20 skeletons while loading.
 * A visitor sees 'Please log in to see your list.' with a Login button that comes back here (spec 2), as does a
 * user whose session ends while the page is open (signed out elsewhere, expired: the list request answers 401).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ListName } from '../../lib/lists/contract.ts';
import type { TitleCard } from '../../lib/titles/client/cards.ts';
import { $session } from '../../lib/accounts/client/session-store.ts';
import { LIST_LABELS } from '../../lib/lists/client/labels.ts';
import { listRoutes } from '../../lib/lists/routes.ts';
import { ApiError, call } from '../../lib/http/api-client.ts';
import { LOGIN_TO_SEE_LIST } from '../../lib/personal/client/constants.ts';
import TitleCardView from '../browse/TitleCardView.tsx';
import SignedOutNotice from './SignedOutNotice.tsx';
import SkeletonGrid from './SkeletonGrid.tsx';

export default function SavedList({ list }: { list: ListName }) {
  const session = useStore($session);
  const [items, setItems] = useState<TitleCard[] | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  // The server renders the skeletons; so must the first browser render, even if the session is already known.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const signedIn = session !== 'loading' && session !== null;
  const label = LIST_LABELS[list];

  useEffect(() => {
    if (!signedIn) return;
    call(listRoutes.items, { query: { list } }).then((answer) => setItems(answer.items)).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return setSessionEnded(true);
      // Spec section 8: list errors are logged and show an empty list.
      console.error(`Could not load ${label.lower}`, error);
      setItems([]);
    });
  }, [signedIn, list]);

  if (sessionEnded || (hydrated && session === null)) return <SignedOutNotice message={LOGIN_TO_SEE_LIST} />;
  if (items === null) return <SkeletonGrid label={label.title} />;
  if (!items.length) return <p className="browse-empty">Your {label.lower} is empty.</p>;
  return (
    <ul className="title-grid" aria-label={label.title}>
      {items.map((card) => <li key={`${card.type}-${card.tmdbId}`}><TitleCardView card={card} showType /></li>)}
    </ul>
  );
}
