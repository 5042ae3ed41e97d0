/** Reset password from an e-mailed link; signs the caller in. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ResetPasswordBody } from '../../../lib/accounts/contract.ts';
import { resetPassword } from '../../../lib/accounts/actions.ts';
import { accountRoutes } from '../../../lib/accounts/routes.ts';
import { accountDeps, signedInResponse } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST = endpoint(accountRoutes.resetPassword, {
  body: ResetPasswordBody,
  handler: async ({ body, context }) => signedInResponse(await resetPassword(await accountDeps(context), body)),
});
