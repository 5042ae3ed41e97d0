/**
 * Links mailed before the confirmation page existed: they open that page (src/pages/confirm-email.astro) and
 * activate nothing themselves, since a GET is what mail scanners send.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ConfirmQuery } from '../../../lib/accounts/contract.ts';
import { CONFIRM_PAGE_PATH } from '../../../lib/accounts/client/routes.ts';
import { accountRoutes } from '../../../lib/accounts/routes.ts';

export const prerender = false;

export const GET = endpoint(accountRoutes.confirm, {
  query: ConfirmQuery,
  handler: async ({ query }) => new Response(null, {
    status: 303,
    headers: { Location: `${CONFIRM_PAGE_PATH}?${new URLSearchParams({ token: query.token ?? '' })}`, 'Cache-Control': 'no-store' },
  }),
});
