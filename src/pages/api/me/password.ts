/** Change password (signed-in users): needs the current password; other sessions end. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ChangePasswordBody } from '../../../lib/accounts/contract.ts';
import { changePassword } from '../../../lib/accounts/actions.ts';
import { accountRoutes } from '../../../lib/accounts/routes.ts';
import { accountDeps, signedInResponse } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST = endpoint(accountRoutes.changePassword, {
  body: ChangePasswordBody,
  handler: async ({ body, user, context }) => signedInResponse(await changePassword(await accountDeps(context), user, body)),
});
