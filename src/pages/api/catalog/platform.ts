/**
 * GET /api/catalog/platform?id=9001&page=2 → { platform, items: TitleCard[] (10 movies + 10 shows, shuffled),
 * page, totalPages, total }. Public and cacheable; 404 for an unknown platform, 416 past the last page.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../lib/http/respond.ts';
import { found } from '../../../lib/http/errors.ts';
import { PlatformQuery } from '../../../lib/catalog/contract.ts';
import { catalogRoutes } from '../../../lib/catalog/routes.ts';
import { catalogueReadModel, pageInRange } from '../../../lib/catalog/read-model.ts';

export const prerender = false;

export const GET = endpoint(catalogRoutes.platform, {
  query: PlatformQuery,
  headers: CACHE_FIVE_MINUTES,
  handler: async ({ db, query }) => pageInRange(found((await catalogueReadModel(db)).platformTitles(query.id, query.page), 'Platform not found.')),
});
