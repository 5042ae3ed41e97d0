import type { APIRoute } from 'astro';
import { json, jsonError } from '../../../lib/http/respond.ts';
import { getDb } from '../../../lib/db.ts';
import { catalogueReadModel } from '../../../lib/catalog/read-model.ts';
import { browseResponseStatus, parseBrowseRequest } from '../../../lib/catalog/browse-request.ts';

export const prerender = false;

/**
 * GET /api/catalog/browse?type=movie|tv&genre=28,12&year=2020&sort=top-rated&page=2
 * → { items: TitleCard[], page, totalPages, total }. Public and cacheable (spec: fresh for 5 minutes).
 * A page past the last one answers 416 with the totals, so the list page can keep what it shows.
 */
export const GET: APIRoute = async ({ url }) => {
  const parsed = parseBrowseRequest(url.searchParams);
  if (!parsed.ok) return jsonError(parsed.error);
  const result = (await catalogueReadModel(await getDb())).browse(parsed.query);
  const status = browseResponseStatus(result);
  if (status === 416) {
    return json({ error: `Page ${result.page} is out of range.`, page: result.page, totalPages: result.totalPages, total: result.total }, 416);
  }
  return json(result, 200, { 'Cache-Control': 'public, max-age=300' });
};
