/**
 * GET /api/catalog/platform?id=9001&page=2 → { platform, items: TitleCard[] (10 movies + 10 shows, shuffled),
 * page, totalPages, total }. Public and cacheable; 404 for an unknown platform, 416 past the last page.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES, json } from '../../../lib/http/respond.ts';
import { found, RangeNotSatisfiable } from '../../../lib/http/errors.ts';
import { isPageOutOfRange } from '../../../lib/catalog/client/browse-params.ts';
import { PlatformQuery } from '../../../lib/catalog/contract.ts';
import { catalogueReadModel } from '../../../lib/catalog/read-model.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'public',
  query: PlatformQuery,
  handler: async ({ db, query }) => {
    const result = found((await catalogueReadModel(db)).platformTitles(query.id, query.page), 'Platform not found.');
    if (isPageOutOfRange(result.page, result.totalPages)) throw new RangeNotSatisfiable(`Page ${result.page} is out of range.`);
    return json(result, 200, CACHE_FIVE_MINUTES);
  },
});
