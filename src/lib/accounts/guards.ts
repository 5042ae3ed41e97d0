/**
 * Server-side authorisation of endpoints. `locals.user` is set by src/middleware.ts from the session cookie,
 * with the role read from the users table on every request. The middleware already refuses /api/admin/** and
 * /api/me/**; endpoints check again so a route never depends on the middleware's path matching.
 */
import { jsonError } from '../http/respond.ts';

export interface SessionUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}

/** 401 for a visitor, 403 for a signed-in non-admin; null for an admin. */
export function refuseNonAdmin(locals: App.Locals): Response | null {
  if (!locals.user) return refuseVisitor(locals);
  if (locals.user.role !== 'admin') return jsonError('You do not have permission to perform this action.', 403);
  return null;
}

/** 401 for a visitor; null for any signed-in user (personal endpoints: /api/me/**). */
export function refuseVisitor(locals: App.Locals): Response | null {
  return locals.user ? null : jsonError('You must be logged in.', 401);
}
