/**
 * GET /api/catalog/browse?type=movie|tv&genre=28,12&year=2020&sort=top-rated&page=2
 * → { items: TitleCard[], page, totalPages, total }. Public and cacheable (spec: fresh for 5 minutes); a page past
 * the last one answers 416 (the list page then keeps what it shows).
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../lib/http/respond.ts';
import { catalogueReadModel, pageInRange } from '../../../lib/catalog/read-model.ts';
import { browseQuery } from '../../../lib/catalog/contract.ts';
import { catalogRoutes } from '../../../lib/catalog/routes.ts';

export const prerender = false;

export const GET = endpoint(catalogRoutes.browse, {
  query: browseQuery(),
  headers: CACHE_FIVE_MINUTES,
  handler: async ({ db, query }) => pageInRange((await catalogueReadModel(db)).browse(query)),
});
