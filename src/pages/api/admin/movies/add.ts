import type { APIRoute } from 'astro';
import { getDb } from '../../../../lib/db.ts';
import { refuseNonAdmin } from '../../../../lib/accounts/guards.ts';
import { handleAdd, configuredTmdbClient } from '../../../../lib/tmdb/endpoints.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) =>
  refuseNonAdmin(locals) ?? handleAdd(request, await getDb(), configuredTmdbClient(), 'movie');
