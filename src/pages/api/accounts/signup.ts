/** Sign up: creates an unconfirmed account and e-mails the confirmation link. */
import type { APIRoute } from 'astro';
import { handleSignUp } from '../../../lib/accounts/endpoints.ts';
import { accountDeps } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => handleSignUp(context.request, await accountDeps(context));
