/** fetch-actor-data: person details for the actor page (our row, else TMDB when configured). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { PersonParams } from '../../../lib/tmdb/contract.ts';
import { configuredTmdbClient, personDetails } from '../../../lib/tmdb/actions.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'public',
  params: PersonParams,
  handler: ({ db, params }) => personDetails(db, configuredTmdbClient(), params.id),
});
