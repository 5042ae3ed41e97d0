import type { APIRoute } from 'astro';
import { TMDB_API_BASE_URL, TMDB_API_KEY } from 'astro:env/server';
import { getDb } from '../../../../lib/db.ts';
import { refuseNonAdmin } from '../../../../lib/accounts/guards.ts';
import { handleAdd, tmdbClientFromEnv } from '../../../../lib/tmdb/endpoints.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) =>
  refuseNonAdmin(locals) ?? handleAdd(request, await getDb(), tmdbClientFromEnv({ apiKey: TMDB_API_KEY, baseUrl: TMDB_API_BASE_URL }), 'movie');
