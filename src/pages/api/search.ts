import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { json, validate } from '../../lib/http/respond.ts';
import { getDb } from '../../lib/db.ts';
import { SEARCH_MAX_QUERY_LENGTH, searchCatalogue } from '../../lib/catalog/search.ts';

export const prerender = false;

const SearchParams = z.object({
  query: z.string().trim()
    .min(1, 'Enter something to search for.')
    .max(SEARCH_MAX_QUERY_LENGTH, `Search text must be at most ${SEARCH_MAX_QUERY_LENGTH} characters.`),
});

/** GET /api/search?query=: published movies, shows and people. Public and cacheable (spec: fresh for 5 minutes). */
export const GET: APIRoute = async ({ url }) => {
  const parsed = validate(SearchParams, { query: url.searchParams.get('query') ?? '' });
  if (!parsed.ok) return parsed.response;
  const results = await searchCatalogue(await getDb(), parsed.data.query);
  return json(results, 200, { 'Cache-Control': 'public, max-age=300' });
};
