/**
 * The browser's view of the session, shared by every island and page script on a page: /api/me is fetched once,
 * when the first subscriber mounts. States: 'loading', { user } when signed in, null for a visitor.
 *
 *   const session = useStore($session);          // React
 *   const user = await resolvedUser();           // anywhere
 */
import { atom, onMount } from 'nanostores';
import { call } from '../../http/api-client.ts';
import type { SessionUser } from '../contract.ts';
import { accountRoutes } from '../routes.ts';

export type SessionState = 'loading' | { user: SessionUser } | null;

export const $session = atom<SessionState>('loading');

let pending: Promise<SessionUser | null> | undefined;

/** Fetches /api/me again (after signing in, out, or a password change) and updates $session. */
export function refreshSession(): Promise<SessionUser | null> {
  pending = call(accountRoutes.me)
    .then((body) => body.user)
    .catch(() => null)
    .then((user) => {
      $session.set(user ? { user } : null);
      rememberSignedIn(Boolean(user));
      return user;
    });
  return pending;
}

/**
 * A hint for the next page's first paint (read by an inline script in BaseLayout before /api/me answers): the
 * header then holds the account menu's place instead of flashing Sign In. It carries no authority.
 */
export const SIGNED_IN_HINT_KEY = 'cinecat:signed-in';

function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage may be unavailable (privacy mode); the header then shows Sign In until the session is known.
  }
}

/** The user once the session is known (null for a visitor). */
export function resolvedUser(): Promise<SessionUser | null> {
  return pending ?? refreshSession();
}

// nanostores also mounts a store briefly on get(), which server rendering does: only a browser may fetch (on the
// server the relative URL fails and would leave every later page rendered as a visitor's).
onMount($session, () => {
  if (!pending && typeof window !== 'undefined') void refreshSession();
});

/**
 * Guards of client pages: where to send someone who may not stay on this page (a visitor on a signed-in page,
 * a signed-in user on /login, a non-admin on /admin). The server checks every API call on its own.
 */
export type SessionRequirement = 'user' | 'visitor' | 'admin';

export function guardRedirect(requirement: SessionRequirement, state: SessionState): string | null {
  if (state === 'loading') return null;
  if (requirement === 'user' && state === null) return '/';
  if (requirement === 'visitor' && state !== null) return '/';
  if (requirement === 'admin' && state?.user.role !== 'admin') return '/';
  return null;
}
