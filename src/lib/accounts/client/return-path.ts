/** The way back after signing in: a page sends a visitor to /login?next=<its path>, and the login form returns there. */
import { sameOriginPath } from '../../security/client/same-origin-path.ts';

const RETURN_PARAM = 'next';

export function loginHref(returnTo: string): string {
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`;
}

/** Where to go after signing in: the `next` path when it is a page of this site (sameOriginPath), otherwise home. */
export function returnPath(search: string, origin: string): string {
  const next = new URLSearchParams(search).get(RETURN_PARAM);
  return (next !== null && sameOriginPath(next, origin)) || '/';
}
