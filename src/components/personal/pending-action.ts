/**
 * The pending action (spec section 4): what a visitor tried to do (add to a list, rate) is kept in
 * sessionStorage while they sign in, then applied on the next page load that has a user, and cleared.
 */
import type { ListName } from '../../lib/lists/contract.ts';
import { call } from '../../lib/http/api-client.ts';
import { showToast, toastAfterNavigation } from '../../lib/ui/client/toast.ts';
import { LIST_LABELS } from '../../lib/lists/client/labels.ts';
import { listRoutes } from '../../lib/lists/routes.ts';
import { ratingRoutes } from '../../lib/ratings/routes.ts';
import type { TitleRef } from '../../lib/personal/contract.ts';
import { PENDING_ACTION_KEY } from '../../lib/personal/client/pending-action-key.ts';
import { ADD_FAILED, LOGIN_TO_RATE, LOGIN_TO_SAVE, RATING_FAILED } from '../../lib/personal/client/constants.ts';

export type PendingAction = TitleRef & ({ kind: 'list'; list: ListName } | { kind: 'rating'; rating: number });

/** Remembers the action, says why, and sends the visitor to sign in. */
export function deferUntilSignedIn(action: PendingAction): void {
  sessionStorage.setItem(PENDING_ACTION_KEY, JSON.stringify(action));
  toastAfterNavigation(action.kind === 'list' ? LOGIN_TO_SAVE : LOGIN_TO_RATE, 'error');
  location.assign('/login');
}

function takePendingAction(): PendingAction | null {
  const raw = sessionStorage.getItem(PENDING_ACTION_KEY);
  sessionStorage.removeItem(PENDING_ACTION_KEY);
  try {
    return raw ? (JSON.parse(raw) as PendingAction) : null;
  } catch {
    return null;
  }
}

/** Applies the remembered action for the signed-in user (an item already in the list is left as it is). */
export async function applyPendingAction(): Promise<void> {
  const action = takePendingAction();
  if (!action) return;
  const ref: TitleRef = { type: action.type, tmdbId: action.tmdbId };
  if (action.kind === 'list') {
    try {
      // The server adds only what is not there yet and says whether it did: one call, no check-then-add race.
      const saved = await call(listRoutes.add, { body: { list: action.list, ...ref } });
      if (saved.added) showToast(`Item added to your ${LIST_LABELS[action.list].lower} !`, 'success');
    } catch {
      showToast(ADD_FAILED, 'error');
    }
    return;
  }
  try {
    const saved = await call(ratingRoutes.rate, { body: { ...ref, rating: action.rating } });
    showToast(saved.message, 'success');
  } catch {
    showToast(RATING_FAILED, 'error');
  }
}
