/**
 * Visitors' requests: GET answers the 20 newest public ones (requester shown as Member or Anonymous);
 * POST { message, isPublic } stores one, linked to the signed-in user or anonymous, rate limited per IP.
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../lib/db.ts';
import { clientIp, json, jsonError, readJson } from '../../lib/http/respond.ts';
import { MESSAGES } from '../../lib/accounts/messages.ts';
import { hitRateLimit, ipBucket } from '../../lib/accounts/rate-limit.ts';
import { REQUEST_SUBMITTED } from '../../lib/personal/constants.ts';
import { REQUESTS_PER_IP, recentPublicRequests, requestBody, submitRequest } from '../../lib/requests/requests.ts';

export const prerender = false;

export const GET: APIRoute = async () => json({ items: await recentPublicRequests(await getDb()) });

export const POST: APIRoute = async (context) => {
  const body = await readJson(context.request, requestBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  if (!(await hitRateLimit(db, ipBucket('request', clientIp(context)), REQUESTS_PER_IP))) return jsonError(MESSAGES.tooManyAttempts, 429);
  const id = await submitRequest(db, context.locals.user ?? null, body.data);
  return json({ id, message: REQUEST_SUBMITTED }, 201);
};
