import type { APIRoute } from 'astro';
import { TMDB_API_BASE_URL, TMDB_API_KEY } from 'astro:env/server';
import { getDb } from '../../../lib/db.ts';
import { handlePerson, tmdbClientFromEnv } from '../../../lib/tmdb/endpoints.ts';

export const prerender = false;

/** fetch-actor-data: person details for the actor page. */
export const GET: APIRoute = async ({ params }) =>
  handlePerson(params.id, await getDb(), tmdbClientFromEnv({ apiKey: TMDB_API_KEY, baseUrl: TMDB_API_BASE_URL }));
