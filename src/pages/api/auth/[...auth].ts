/**
 * Auth.js (sign in, sign out, CSRF token, session) mounted at /api/auth; see src/lib/accounts/auth-config.ts.
 * A sign-in also leaves the device cookie (src/lib/accounts/device.ts); one shed for load answers 503 + Retry-After.
 */
import { Auth } from '@auth/core';
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { boundedAuthRequest } from '../../../lib/http/body-limit.ts';
import { clientIp } from '../../../lib/http/respond.ts';
import { createAuthConfig, type SignInOutcome } from '../../../lib/accounts/auth-config.ts';
import { deviceCookie, isKnownDevice, type DeviceAccount } from '../../../lib/accounts/device.ts';
import { ServerBusy } from '../../../lib/http/errors.ts';
import { sessionKeys } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const ALL: APIRoute = async (context) => {
  const request = await boundedAuthRequest(context.request); // Auth.js itself reads form bodies without a cap
  if (request instanceof Response) return request;
  const keys = sessionKeys(context);
  const cookies = request.headers.get('cookie');
  const outcome: SignInOutcome = {};
  const client = { knowsAccount: (account: DeviceAccount) => isKnownDevice(cookies, keys.secret, account), outcome };
  const response = await Auth(request, createAuthConfig({ keys, db: await getDb(), clientIp: clientIp(context), client }));
  if (outcome.shed) return new Response(response.body, { status: 503, headers: [...response.headers, ['Retry-After', String(ServerBusy.RETRY_AFTER_SECONDS)]] });
  if (outcome.signedIn) response.headers.append('Set-Cookie', deviceCookie(cookies, keys.secret, outcome.signedIn, keys.secure));
  return response;
};
