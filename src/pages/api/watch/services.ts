/** GET /api/watch/services?region=GB → { region, services }: the providers a user can pick as theirs there. Public, cacheable. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../lib/http/respond.ts';
import { defaultRegion } from '../../../lib/settings.ts';
import { RegionQuery } from '../../../lib/watch/contract.ts';
import { regionServices } from '../../../lib/watch/providers.ts';
import { watchRoutes } from '../../../lib/watch/routes.ts';

export const prerender = false;

export const GET = endpoint(watchRoutes.services, {
  query: RegionQuery,
  headers: CACHE_FIVE_MINUTES,
  handler: ({ db, query }) => regionServices(db, query.region ?? defaultRegion()),
});
