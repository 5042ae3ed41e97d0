/** Forgot password: e-mails a reset link (same answer whether or not the e-mail has an account). */
import type { APIRoute } from 'astro';
import { handleForgotPassword } from '../../../lib/accounts/endpoints.ts';
import { accountDeps } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => handleForgotPassword(context.request, await accountDeps(context));
