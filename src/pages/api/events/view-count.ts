/** GET ?type=movie&tmdbId=550 → { viewCount }: a title's live view count, asked once the count scrolls into view. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ViewCountQuery, type ViewCount } from '../../../lib/analytics/contract.ts';
import { viewCountOf } from '../../../lib/analytics/events.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'public',
  query: ViewCountQuery,
  handler: async ({ db, query }): Promise<ViewCount> => ({ viewCount: await viewCountOf(db, query.type, query.tmdbId) }),
});
