/** The signed-in user, or null for a visitor. */
import { endpoint } from '../../lib/http/endpoint.ts';
import type { MeResponse } from '../../lib/accounts/contract.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'session',
  handler: ({ user }): MeResponse => ({ user }),
});
