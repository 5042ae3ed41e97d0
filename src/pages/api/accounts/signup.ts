/** Sign up: creates an unconfirmed account and e-mails the confirmation link. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { SignUpBody } from '../../../lib/accounts/contract.ts';
import { signUp } from '../../../lib/accounts/actions.ts';
import { accountRoutes } from '../../../lib/accounts/routes.ts';
import { accountDeps } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST = endpoint(accountRoutes.signUp, {
  body: SignUpBody,
  handler: async ({ body, context }) => signUp(await accountDeps(context), body),
});
