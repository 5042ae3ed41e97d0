/**
 * track-view and increment_view_count: POST { title?: { type, tmdbId } } from any page. The session's first call
 * records a view event (country, device); a movie with a stream link gains one view per session and title.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { json } from '../../../lib/http/respond.ts';
import { ViewBody, type ViewTracked } from '../../../lib/analytics/contract.ts';
import { countryOf, deviceTypeOf, recordView, viewSessionCookie, viewSessionFromCookies } from '../../../lib/analytics/events.ts';

export const prerender = false;

export const POST = endpoint({
  access: 'public',
  body: ViewBody,
  handler: async ({ db, body, context: { request, locals, url } }) => {
    const result = await recordView(db, viewSessionFromCookies(request.headers.get('cookie')), body.title ?? null, {
      country: countryOf(request, locals), deviceType: deviceTypeOf(request.headers.get('user-agent')),
    });
    return json({ tracked: result.tracked, counted: result.counted } satisfies ViewTracked, 200, {
      'Set-Cookie': viewSessionCookie(result.session, url.protocol === 'https:'),
    });
  },
});
