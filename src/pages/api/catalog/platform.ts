import type { APIRoute } from 'astro';
import { json, jsonError } from '../../../lib/http/respond.ts';
import { getDb } from '../../../lib/db.ts';
import { isPageOutOfRange } from '../../../lib/catalog/browse-params.ts';
import { parsePlatformRequest } from '../../../lib/catalog/platforms.ts';
import { catalogueReadModel } from '../../../lib/catalog/read-model.ts';

export const prerender = false;

/**
 * GET /api/catalog/platform?id=9001&page=2 → { platform, items: TitleCard[] (10 movies + 10 shows, shuffled),
 * page, totalPages, total }. Public and cacheable; 404 for an unknown platform, 416 past the last page.
 */
export const GET: APIRoute = async ({ url }) => {
  const request = parsePlatformRequest(url.searchParams);
  if (!request.ok) return jsonError(request.error);
  const result = (await catalogueReadModel(await getDb())).platformTitles(request.id, request.page);
  if (!result) return jsonError('Platform not found.', 404);
  if (isPageOutOfRange(result.page, result.totalPages)) return jsonError(`Page ${result.page} is out of range.`, 416);
  return json(result, 200, { 'Cache-Control': 'public, max-age=300' });
};
