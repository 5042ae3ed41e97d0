/**
 * GET /api/catalog/browse?type=movie|tv&genre=28,12&year=2020&sort=top-rated&page=2[&on=8,337&region=GB]
 * → { items: TitleCard[], page, totalPages, total }. Public and cacheable (spec: fresh for 5 minutes); a page past
 * the last one answers 416 (the list page then keeps what it shows). `on` keeps the titles offered on those services
 * in `region` (the site's default without one): the database answers those, the in-memory catalogue the others.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../lib/http/respond.ts';
import { catalogueReadModel, pageInRange } from '../../../lib/read-model/read-model.ts';
import { browseTitles } from '../../../lib/catalog/browse.ts';
import { browseQuery } from '../../../lib/catalog/contract.ts';
import { catalogRoutes } from '../../../lib/catalog/routes.ts';
import { resolveServicesFilter } from '../../../lib/watch/services.ts';

export const prerender = false;

export const GET = endpoint(catalogRoutes.browse, {
  query: browseQuery(),
  headers: CACHE_FIVE_MINUTES,
  handler: async ({ db, query: { servicesFilter, ...query } }) => pageInRange(servicesFilter
    ? await browseTitles(db, { ...query, services: resolveServicesFilter(servicesFilter) })
    : (await catalogueReadModel(db)).browse(query)),
});
