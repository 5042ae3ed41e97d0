/**
 * The one answer to "is this return target a page of this site, and which?", for every `next`, callback or
 * redirect target, in the browser and on the server (src/lib/accounts/client/return-path.ts, Auth.js's redirect
 * callback, the admin's site-relative links).
 *
 * A target is judged by what a URL parser makes of it, never by its spelling: `/.//evil.example`, `/%2e//evil.example`
 * and `/\evil.example` are paths of this origin whose normalised path starts with `//`, which a browser reads as
 * another host the moment it is used as a link again. So the answer is the normalised path itself, and only when it
 * is one that stays here however it is reused.
 */

/** Tabs and new lines vanish inside URLs (`/<TAB>/evil.example` is `//evil.example`); other controls have no business here. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** A path that a browser resolves against this origin's host: one slash, then neither a slash nor a backslash. */
const PATH_ABSOLUTE = /^\/(?![/\\])/;
const MAX_TARGET_LENGTH = 2048;

/**
 * The target as a path on `origin` (`/movies?page=2#top`), or null when it is not one: another origin, another
 * scheme (`javascript:`), a protocol-relative or otherwise ambiguous spelling. A target is a path starting with one
 * `/`, or an absolute URL spelled with `origin` itself (Auth.js keeps its callback URL that way).
 */
export function sameOriginPath(target: string, origin: string): string | null {
  if (target.length > MAX_TARGET_LENGTH || CONTROL_CHARACTERS.test(target)) return null;
  if (!target.startsWith('/') && target !== origin && !target.startsWith(`${origin}/`)) return null;
  let url: URL;
  try {
    url = new URL(target, origin); // not URL.parse: older browsers lack it
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return PATH_ABSOLUTE.test(path) ? path : null;
}
