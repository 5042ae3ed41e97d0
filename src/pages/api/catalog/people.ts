import type { APIRoute } from 'astro';
import { json, jsonError } from '../../../lib/http/respond.ts';
import { getDb } from '../../../lib/db.ts';
import { isPageOutOfRange } from '../../../lib/catalog/browse-params.ts';
import { parsePeopleRequest } from '../../../lib/catalog/people.ts';
import { catalogueReadModel } from '../../../lib/catalog/read-model.ts';

export const prerender = false;

/**
 * GET /api/catalog/people?sort=popularity|name&page=2 → { items: PersonCard[], page, totalPages, total }.
 * Public and cacheable (spec: fresh for 5 minutes); a page past the last one answers 416.
 */
export const GET: APIRoute = async ({ url }) => {
  const request = parsePeopleRequest(url.searchParams);
  if (!request.ok) return jsonError(request.error);
  const result = (await catalogueReadModel(await getDb())).listPeople(request.sort, request.page);
  if (isPageOutOfRange(result.page, result.totalPages)) return jsonError(`Page ${result.page} is out of range.`, 416);
  return json(result, 200, { 'Cache-Control': 'public, max-age=300' });
};
