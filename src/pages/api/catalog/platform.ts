/**
 * GET /api/catalog/platform?id=9001&page=2[&on=8,337&region=GB] → { platform, items: TitleCard[] (10 movies + 10
 * shows, shuffled), page, totalPages, total }. Public and cacheable; 404 for an unknown platform, 416 past the last
 * page. `on` keeps the titles offered on those services in `region` (see /api/catalog/browse).
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../lib/http/respond.ts';
import { found } from '../../../lib/http/errors.ts';
import { PlatformQuery } from '../../../lib/catalog/contract.ts';
import { catalogRoutes } from '../../../lib/catalog/routes.ts';
import { catalogueReadModel, pageInRange } from '../../../lib/read-model/read-model.ts';
import { platformTitles } from '../../../lib/catalog/platforms.ts';
import { resolveServicesFilter } from '../../../lib/watch/services.ts';

export const prerender = false;

export const GET = endpoint(catalogRoutes.platform, {
  query: PlatformQuery,
  headers: CACHE_FIVE_MINUTES,
  handler: async ({ db, query }) => pageInRange(found(query.servicesFilter
    ? await platformTitles(db, query.id, query.page, resolveServicesFilter(query.servicesFilter))
    : (await catalogueReadModel(db)).platformTitles(query.id, query.page), 'Platform not found.')),
});
