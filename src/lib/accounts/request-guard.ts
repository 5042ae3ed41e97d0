/**
 * What src/middleware.ts does for every on-demand request:
 *
 * - sets `locals.user` from the session cookie (prerendered pages get null at build time without touching the DB);
 * - refuses cross-site writes to /api/** (Origin, or Referer when Origin is absent, must be the site's own origin).
 *   Auth.js's routes (/api/auth/**) have their own CSRF token and are left to it;
 * - one guard for the private APIs: /api/admin/** (401 visitor, 403 non-admin) and /api/me/** (401 visitor).
 */
import type { MiddlewareHandler } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { jsonError } from '../http/respond.ts';
import { refuseNonAdmin, refuseVisitor } from './guards.ts';
import { AUTH_BASE_PATH } from './routes.ts';
import { getSessionUser, type SessionKeys } from './session.ts';

export const CROSS_SITE_REFUSED = 'Cross-site request refused.';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestGuardDeps {
  sessionKeys(context: { site?: URL }): SessionKeys;
  getDb(): Promise<Kysely<Database>>;
  /** The configured site origin, accepted next to the request's own origin. */
  siteOrigin?(context: { site?: URL }): string;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The origin the browser says the request comes from: Origin, else Referer's origin. */
function requestOrigin(request: Request): string | null {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') return origin;
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

export function createRequestGuard(deps: RequestGuardDeps): MiddlewareHandler {
  return async (context, next) => {
    if (context.isPrerendered) {
      context.locals.user = null;
      return next();
    }
    const { request, url, locals } = context;
    if (isCrossSiteWrite(request, url, deps.siteOrigin?.(context))) return jsonError(CROSS_SITE_REFUSED, 403);

    locals.user = await getSessionUser(request, await deps.getDb(), deps.sessionKeys(context));
    if (under(url.pathname, '/api/admin')) return refuseNonAdmin(locals) ?? next();
    if (url.pathname.startsWith('/api/me/')) return refuseVisitor(locals) ?? next();
    return next();
  };
}
