/** fetch-actor-data: person details for the actor page (people we list only: our row, else TMDB when configured). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { clientIp } from '../../../lib/http/respond.ts';
import { catalogRoutes } from '../../../lib/catalog/routes.ts';
import { PersonParams } from '../../../lib/catalog/contract.ts';
import { configuredTmdbClient, personDetails } from '../../../lib/tmdb/actions.ts';

export const prerender = false;

export const GET = endpoint(catalogRoutes.person, {
  params: PersonParams,
  handler: ({ db, params, context }) => personDetails(db, configuredTmdbClient(), params.id, clientIp(context)),
});
