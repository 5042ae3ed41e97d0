import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { handlePerson, configuredTmdbClient } from '../../../lib/tmdb/endpoints.ts';

export const prerender = false;

/** fetch-actor-data: person details for the actor page. */
export const GET: APIRoute = async ({ params }) =>
  handlePerson(params.id, await getDb(), configuredTmdbClient());
