/**
 * Visitors' requests: GET answers the 20 newest public ones (requester shown as Member or Anonymous);
 * POST { message, isPublic } stores one, linked to the signed-in user or anonymous, rate limited per IP.
 */
import { endpoint } from '../../lib/http/endpoint.ts';
import { clientIp } from '../../lib/http/respond.ts';
import { REQUEST_SUBMITTED } from '../../lib/personal/client/constants.ts';
import { RequestBody } from '../../lib/requests/contract.ts';
import { requestRoutes } from '../../lib/requests/routes.ts';
import { recentPublicRequests, submitRequest } from '../../lib/requests/requests.ts';

export const prerender = false;

export const GET = endpoint(requestRoutes.recent, {
  handler: async ({ db }) => ({ items: await recentPublicRequests(db) }),
});

export const POST = endpoint(requestRoutes.submit, {
  body: RequestBody,
  handler: async ({ db, user, body, context }) => ({
    id: await submitRequest(db, clientIp(context), user, body), message: REQUEST_SUBMITTED,
  }),
});
