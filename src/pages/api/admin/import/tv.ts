import type { APIRoute } from 'astro';
import { TMDB_API_BASE_URL, TMDB_API_KEY } from 'astro:env/server';
import { getDb } from '../../../../lib/db.ts';
import { refuseNonAdmin } from '../../../../lib/accounts/guards.ts';
import { handleBulkImport, tmdbClientFromEnv } from '../../../../lib/tmdb/endpoints.ts';

export const prerender = false;

/** One popular-list page per call, so each call fits a serverless time limit. */
export const POST: APIRoute = async ({ request, locals }) =>
  refuseNonAdmin(locals) ?? handleBulkImport(request, await getDb(), tmdbClientFromEnv({ apiKey: TMDB_API_KEY, baseUrl: TMDB_API_BASE_URL }), 'tv');
