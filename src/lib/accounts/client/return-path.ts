/** The way back after signing in: a page sends a visitor to /login?next=<its path>, and the login form returns there. */
const RETURN_PARAM = 'next';

export function loginHref(returnTo: string): string {
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`;
}

/** Where to go after signing in: the `next` path when it is on this site (never another origin), otherwise home. */
export function returnPath(search: string, origin: string): string {
  const next = new URLSearchParams(search).get(RETURN_PARAM);
  if (!next?.startsWith('/')) return '/';
  const url = new URL(next, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
}
