/**
 * What src/middleware.ts does for every on-demand request: refuse cross-site writes to /api/** (Origin, or Referer
 * when Origin is absent, must be the site's own origin). Auth.js's routes (/api/auth/**) have their own CSRF token
 * and are left to it. Who may call an endpoint is the endpoint's own declaration (src/lib/http/endpoint.ts).
 */
import type { MiddlewareHandler } from 'astro';
import { jsonError } from '../http/respond.ts';
import { AUTH_BASE_PATH } from './client/routes.ts';
import { siteOrigin } from './server-env.ts';

export const CROSS_SITE_REFUSED = 'Cross-site request refused.';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The origin the browser says the request comes from: Origin, else Referer's origin. `Origin: null` is an opaque
 * origin (the sandboxed ad frame, a data: page) and is never ours, whatever Referer says.
 */
function requestOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (origin === 'null') return null;
  if (origin) return origin;
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export function isCrossSiteWrite(request: Request, url: URL, siteOrigin?: string): boolean {
  if (!STATE_CHANGING.has(request.method) || !under(url.pathname, '/api') || under(url.pathname, AUTH_BASE_PATH)) return false;
  const origin = requestOrigin(request);
  return origin === null || (origin !== url.origin && origin !== siteOrigin);
}

/** The configured site origin is accepted next to the request's own origin. */
export const requestGuard: MiddlewareHandler = (context, next) =>
  isCrossSiteWrite(context.request, context.url, siteOrigin(context)) ? jsonError(CROSS_SITE_REFUSED, 403) : next();
