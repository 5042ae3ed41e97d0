import type { APIRoute } from 'astro';
import { getDb } from '../../../../lib/db.ts';
import { refuseNonAdmin } from '../../../../lib/accounts/guards.ts';
import { handleBulkImport, configuredTmdbClient } from '../../../../lib/tmdb/endpoints.ts';

export const prerender = false;

/** One popular-list page per call, so each call fits a serverless time limit. */
export const POST: APIRoute = async ({ request, locals }) =>
  refuseNonAdmin(locals) ?? handleBulkImport(request, await getDb(), configuredTmdbClient(), 'tv');
