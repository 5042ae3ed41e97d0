/**
 * GET /api/titles/{movie|tv}/{tmdbId}/providers?region=GB → where to watch a published title in a region (the site's
 * DEFAULT_REGION without one): { region, regionName, link, offers: [{ kind, label, providers }] }. Public and
 * cacheable, the same for everyone: a prerendered title page's island asks it for the visitor's region.
 */
import { endpoint } from '../../../../../lib/http/endpoint.ts';
import { CACHE_FIVE_MINUTES } from '../../../../../lib/http/respond.ts';
import { found } from '../../../../../lib/http/errors.ts';
import { titleKind } from '../../../../../lib/titles/title-kinds.ts';
import { defaultRegion } from '../../../../../lib/settings.ts';
import { RegionQuery, TitleProvidersParams } from '../../../../../lib/watch/contract.ts';
import { titleOffers } from '../../../../../lib/watch/providers.ts';
import { watchRoutes } from '../../../../../lib/watch/routes.ts';

export const prerender = false;

export const GET = endpoint(watchRoutes.titleProviders, {
  params: TitleProvidersParams,
  query: RegionQuery,
  headers: CACHE_FIVE_MINUTES,
  handler: async ({ db, params, query }) => found(
    await titleOffers(db, params.type, params.tmdbId, query.region ?? defaultRegion()), titleKind(params.type).notFoundMessage),
});
