/** The signed-in user, or null for a visitor. */
import { endpoint } from '../../lib/http/endpoint.ts';
import { accountRoutes } from '../../lib/accounts/routes.ts';

export const prerender = false;

export const GET = endpoint(accountRoutes.me, {
  handler: ({ user }) => ({ user }),
});
