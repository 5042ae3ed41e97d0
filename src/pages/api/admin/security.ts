/** GET: security warnings for the admin dashboard's banner (demo accounts whose README password still works). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { securityStatus } from '../../../lib/demo/demo-passwords.ts';
import { adminRoutes } from '../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.securityStatus, {
  handler: ({ db }) => securityStatus(db),
});
