/** The link in the confirmation e-mail: activates the account and goes to the login page. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ConfirmQuery } from '../../../lib/accounts/contract.ts';
import { confirmAccount } from '../../../lib/accounts/actions.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'public',
  query: ConfirmQuery,
  handler: async ({ db, query }) => {
    const confirmed = await confirmAccount(db, query.token ?? '');
    return new Response(null, { status: 303, headers: { Location: `/login?confirmed=${confirmed ? 1 : 0}`, 'Cache-Control': 'no-store' } });
  },
});
