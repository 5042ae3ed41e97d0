/**
 * GET /api/catalog/people?sort=popularity|name&page=2 → { items: PersonCard[], page, totalPages, total }.
 * Public and cacheable (spec: fresh for 5 minutes); a page past the last one answers 416.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES, json } from '../../../lib/http/respond.ts';
import { RangeNotSatisfiable } from '../../../lib/http/errors.ts';
import { isPageOutOfRange } from '../../../lib/catalog/client/browse-params.ts';
import { PeopleQuery } from '../../../lib/catalog/contract.ts';
import { catalogueReadModel } from '../../../lib/catalog/read-model.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'public',
  query: PeopleQuery,
  handler: async ({ db, query }) => {
    const result = (await catalogueReadModel(db)).listPeople(query.sort, query.page);
    if (isPageOutOfRange(result.page, result.totalPages)) throw new RangeNotSatisfiable(`Page ${result.page} is out of range.`);
    return json(result, 200, CACHE_FIVE_MINUTES);
  },
});
