/** GET /api/watch/regions → { defaultRegion, regions: [{ code, name }] }: the regions some title has providers in. Public, cacheable. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../lib/http/respond.ts';
import { defaultRegion } from '../../../lib/settings.ts';
import { listRegions } from '../../../lib/watch/providers.ts';
import { watchRoutes } from '../../../lib/watch/routes.ts';

export const prerender = false;

export const GET = endpoint(watchRoutes.regions, {
  headers: CACHE_FIVE_MINUTES,
  handler: ({ db }) => listRegions(db, defaultRegion()),
});
