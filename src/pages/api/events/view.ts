/**
 * track-view and increment_view_count: POST { title?: { type, tmdbId } } from any page. The client's first call of
 * the day records a view event (country, device); the title gains one view per client and day (a movie only with a
 * stream link), and the answer carries its current count. Rate limited per client (429).
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { clientIp } from '../../../lib/http/respond.ts';
import { ViewBody } from '../../../lib/analytics/contract.ts';
import { analyticsRoutes } from '../../../lib/analytics/routes.ts';
import { countryOf, deviceTypeOf, recordView } from '../../../lib/analytics/events.ts';

export const prerender = false;

export const POST = endpoint(analyticsRoutes.reportView, {
  body: ViewBody,
  handler: ({ db, body, context }) => {
    const { request, locals } = context;
    return recordView(db, body.title ?? null, {
      clientIp: clientIp(context), country: countryOf(request, locals), deviceType: deviceTypeOf(request.headers.get('user-agent')),
    });
  },
});
