/**
 * GET /api/catalog/people?sort=popularity|name&page=2 → { items: PersonCard[], page, totalPages, total }.
 * Public and cacheable (spec: fresh for 5 minutes); a page past the last one answers 416.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../lib/http/respond.ts';
import { PeopleQuery } from '../../../lib/catalog/contract.ts';
import { catalogRoutes } from '../../../lib/catalog/routes.ts';
import { catalogueReadModel, pageInRange } from '../../../lib/read-model/read-model.ts';

export const prerender = false;

export const GET = endpoint(catalogRoutes.people, {
  query: PeopleQuery,
  headers: CACHE_FIVE_MINUTES,
  handler: async ({ db, query }) => pageInRange((await catalogueReadModel(db)).listPeople(query.sort, query.page)),
});
