/**
 * The site's Content-Security-Policy and security headers, in one place for every way a response leaves:
 *
 * - Page policy (PAGE_CSP_DIRECTIVES): Astro's `security.csp` (astro.config.mjs) adds script-src and style-src
 *   with the hashes of its own inline scripts and styles, and sends the whole policy in a <meta> on
 *   prerendered pages and in the Content-Security-Policy header on on-demand pages.
 * - frame-ancestors cannot be set by a <meta>, and plain files need the other headers too: prerendered files
 *   get `staticFileHeaders` (the Node server: scripts/serve.ts; Netlify: the `_headers` file written by
 *   ./integration.ts), on-demand answers get `withSecurityHeaders` (src/middleware.ts).
 */

/** Sources the pages need beyond 'self'; Astro adds script-src and style-src (with hashes) itself. */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  // TMDB artwork; data: is the 'Image Error' placeholder (src/layouts/head.js).
  "img-src 'self' data: https://image.tmdb.org",
  // The player frames the title's stream link (any https host an admin enters), YouTube trailers or /embed/.
  "frame-src 'self' https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
] as const;

const AD_FRAME = /^\/ad-frame\/?$/;
/** Pages the site frames itself (the demo player, the ad frame); nothing may frame any other page. */
const FRAMED_BY_THE_SITE = [/^\/embed\//, AD_FRAME];

/**
 * The ad network's script runs in /ad-frame. A sandbox in the header (not only the slot's iframe attribute) binds
 * wherever the page is opened: in the slot, at top level from a link, or in a pop-up the ad opens. The page then
 * has an opaque origin: no cookies, storage or credentialed calls of the site.
 */
export const AD_FRAME_SANDBOX_FLAGS = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
const AD_FRAME_SANDBOX = `sandbox ${AD_FRAME_SANDBOX_FLAGS}`;
/** The ad may call its own servers, never the site's API (the page policy's connect-src 'self' is dropped). */
const AD_FRAME_CONNECT = 'connect-src https:';

function frameAncestors(pathname: string): string {
  return FRAMED_BY_THE_SITE.some((pattern) => pattern.test(pathname)) ? "frame-ancestors 'self'" : "frame-ancestors 'none'";
}

/** Directives the ad frame's answer carries, whatever else its policy says. */
function adFrameDirectives(pathname: string): string[] {
  return AD_FRAME.test(pathname) ? [AD_FRAME_SANDBOX] : [];
}

/** What the header adds to a page whose policy Astro wrote (in its <meta> or its header). */
function pageHeaderPolicy(pathname: string): string {
  return [frameAncestors(pathname), "object-src 'none'", "base-uri 'self'", ...adFrameDirectives(pathname)].join('; ');
}

/** Astro's policy for an on-demand page, with the directives this site adds (and, for the ad frame, replaces). */
function onDemandPagePolicy(astroPolicy: string, pathname: string): string {
  let directives = astroPolicy.split(';').map((directive) => directive.trim()).filter(Boolean);
  if (AD_FRAME.test(pathname)) directives = [...directives.filter((directive) => !directive.startsWith('connect-src')), AD_FRAME_CONNECT];
  return [...directives, frameAncestors(pathname), ...adFrameDirectives(pathname)].join('; ');
}

/** API answers and other non-HTML: nothing to load, nothing may frame them. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Features the site never uses; the player's frame keeps autoplay, fullscreen and picture-in-picture. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), midi=(), display-capture=()';

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
} as const;

/** Headers for a prerendered file (page, script, image...) at `pathname`. */
export function staticFileHeaders(pathname: string): Record<string, string> {
  return { ...COMMON_HEADERS, 'Content-Security-Policy': pageHeaderPolicy(pathname) };
}

/** The on-demand answer with the security headers; a page keeps Astro's policy with frame-ancestors added. */
export function withSecurityHeaders(response: Response, pathname: string): Response {
  const target = hasMutableHeaders(response) ? response : new Response(response.body, response);
  const astroPolicy = target.headers.get('Content-Security-Policy');
  const isHtml = target.headers.get('Content-Type')?.startsWith('text/html') ?? false;
  const policy = astroPolicy ? onDemandPagePolicy(astroPolicy, pathname)
    : isHtml ? pageHeaderPolicy(pathname) : [NON_PAGE_POLICY, ...adFrameDirectives(pathname)].join('; ');
  for (const [name, value] of Object.entries(COMMON_HEADERS)) target.headers.set(name, value);
  target.headers.set('Content-Security-Policy', policy);
  return target;
}

/** Responses from fetch() or Response.redirect() have immutable headers. */
function hasMutableHeaders(response: Response): boolean {
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff');
    return true;
  } catch {
    return false;
  }
}

/**
 * Netlify's `_headers` file: the same headers for the files its CDN serves. Where several paths match, Netlify
 * takes each header from the last, so the ad frame's blocks come after the site-wide one.
 */
export function netlifyHeadersFile(): string {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${['/*', '/ad-frame', '/ad-frame/'].map((path) => block(path, staticFileHeaders(path === '/*' ? '/' : path))).join('\n')}\n`;
}
