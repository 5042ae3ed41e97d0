/** Auth.js (sign in, sign out, CSRF token, session) mounted at /api/auth; see src/lib/accounts/auth-config.ts. */
import { Auth } from '@auth/core';
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { clientIp } from '../../../lib/http/respond.ts';
import { createAuthConfig } from '../../../lib/accounts/auth-config.ts';
import { sessionKeys } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const ALL: APIRoute = async (context) =>
  Auth(context.request, createAuthConfig({ keys: sessionKeys(context), db: await getDb(), clientIp: clientIp(context) }));
