/** Reset password from an e-mailed link; signs the caller in. */
import type { APIRoute } from 'astro';
import { handleResetPassword } from '../../../lib/accounts/endpoints.ts';
import { accountDeps } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => handleResetPassword(context.request, await accountDeps(context));
