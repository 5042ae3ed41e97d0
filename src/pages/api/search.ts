/** GET /api/search?query=: published movies, shows and people. Public and cacheable (spec: fresh for 5 minutes). */
import { endpoint } from '../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../lib/http/respond.ts';
import { SearchQuery } from '../../lib/catalog/contract.ts';
import { catalogRoutes } from '../../lib/catalog/routes.ts';
import { searchCatalogue } from '../../lib/read-model/search.ts';

export const prerender = false;

export const GET = endpoint(catalogRoutes.search, {
  query: SearchQuery,
  headers: CACHE_FIVE_MINUTES,
  handler: ({ db, query }) => searchCatalogue(db, query.query),
});
