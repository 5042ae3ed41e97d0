/** GET ?type=movie&tmdbId=550 → { viewCount }: a title's live view count, asked once the count scrolls into view. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ViewCountQuery } from '../../../lib/analytics/contract.ts';
import { analyticsRoutes } from '../../../lib/analytics/routes.ts';
import { viewCountOf } from '../../../lib/analytics/events.ts';

export const prerender = false;

export const GET = endpoint(analyticsRoutes.viewCount, {
  query: ViewCountQuery,
  handler: async ({ db, query }) => ({ viewCount: await viewCountOf(db, query.type, query.tmdbId) }),
});
