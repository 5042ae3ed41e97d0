/** GET ?type=movie&tmdbId=550 → { viewCount, ratingCount }: a title's live counts, asked once they scroll into view. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ViewCountQuery } from '../../../lib/analytics/contract.ts';
import { analyticsRoutes } from '../../../lib/analytics/routes.ts';
import { countsOf } from '../../../lib/analytics/events.ts';

export const prerender = false;

export const GET = endpoint(analyticsRoutes.viewCount, {
  query: ViewCountQuery,
  handler: ({ db, query }) => countsOf(db, query),
});
