/** Forgot password: e-mails a reset link (same answer whether or not the e-mail has an account). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ForgotPasswordBody } from '../../../lib/accounts/contract.ts';
import { forgotPassword } from '../../../lib/accounts/actions.ts';
import { accountRoutes } from '../../../lib/accounts/routes.ts';
import { accountDeps } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST = endpoint(accountRoutes.forgotPassword, {
  body: ForgotPasswordBody,
  handler: async ({ body, context }) => forgotPassword(await accountDeps(context), body),
});
