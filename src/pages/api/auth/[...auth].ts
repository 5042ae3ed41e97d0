/** Auth.js (sign in, sign out, CSRF token, session) mounted at /api/auth; see src/lib/accounts/auth-config.ts. */
import { Auth } from '@auth/core';
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { boundedAuthRequest } from '../../../lib/http/body-limit.ts';
import { clientIp } from '../../../lib/http/respond.ts';
import { createAuthConfig } from '../../../lib/accounts/auth-config.ts';
import { sessionKeys } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const ALL: APIRoute = async (context) => {
  const request = await boundedAuthRequest(context.request); // Auth.js itself reads form bodies without a cap
  if (request instanceof Response) return request;
  return Auth(request, createAuthConfig({ keys: sessionKeys(context), db: await getDb(), clientIp: clientIp(context) }));
};
