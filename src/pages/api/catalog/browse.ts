/**
 * GET /api/catalog/browse?type=movie|tv&genre=28,12&year=2020&sort=top-rated&page=2
 * → { items: TitleCard[], page, totalPages, total }. Public and cacheable (spec: fresh for 5 minutes).
 * A page past the last one answers 416 with the totals, so the list page can keep what it shows.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES, json } from '../../../lib/http/respond.ts';
import { catalogueReadModel } from '../../../lib/catalog/read-model.ts';
import { isPageOutOfRange } from '../../../lib/catalog/client/browse-params.ts';
import { browseQuery } from '../../../lib/catalog/contract.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'public',
  query: browseQuery(),
  handler: async ({ db, query }) => {
    const result = (await catalogueReadModel(db)).browse(query);
    if (isPageOutOfRange(result.page, result.totalPages)) {
      return json({ error: `Page ${result.page} is out of range.`, page: result.page, totalPages: result.totalPages, total: result.total }, 416);
    }
    return json(result, 200, CACHE_FIVE_MINUTES);
  },
});
