/**
 * track-view and increment_view_count: POST { title?: { type, tmdbId } } from any page. The session's first call
 * records a view event (country, device); a movie with a stream link gains one view per session.
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, readJson } from '../../../lib/http/respond.ts';
import { countryOf, deviceTypeOf, recordView, viewBody, viewSessionCookie, viewSessionFromCookies } from '../../../lib/analytics/events.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const body = await readJson(request, viewBody);
  if (!body.ok) return body.response;
  const result = await recordView(await getDb(), viewSessionFromCookies(request.headers.get('cookie')), body.data.title ?? null, {
    country: countryOf(request, locals), deviceType: deviceTypeOf(request.headers.get('user-agent')),
  });
  return json({ tracked: result.tracked, counted: result.counted }, 200, {
    'Set-Cookie': viewSessionCookie(result.session, new URL(request.url).protocol === 'https:'),
  });
};
