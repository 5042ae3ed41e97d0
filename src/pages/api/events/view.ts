/**
 * track-view and increment_view_count: POST { title?: { type, tmdbId } } from any page. The session's first call
 * records a view event (country, device); the title gains one view per session (a movie only with a stream link),
 * and the answer carries its current count.
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, readJson } from '../../../lib/http/respond.ts';
import type { ViewAnswer } from '../../../lib/analytics/contract.ts';
import { countryOf, deviceTypeOf, recordView, viewBody, viewSessionCookie, viewSessionFromCookies } from '../../../lib/analytics/events.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const body = await readJson(request, viewBody);
  if (!body.ok) return body.response;
  const result = await recordView(await getDb(), viewSessionFromCookies(request.headers.get('cookie')), body.data.title ?? null, {
    country: countryOf(request, locals), deviceType: deviceTypeOf(request.headers.get('user-agent')),
  });
  const answer: ViewAnswer = { tracked: result.tracked, counted: result.counted, viewCount: result.viewCount };
  return json(answer, 200, {
    'Set-Cookie': viewSessionCookie(result.session, new URL(request.url).protocol === 'https:'),
  });
};
