/**
 * Browser-safe contract of the watch endpoints (/api/titles/{type}/{tmdbId}/providers, /api/watch/*,
 * /api/me/watch-preferences) and of the listings' services filter (`on`, `region`). Strict, like the other
 * endpoints' contracts: a bad region or provider list gets a 400 that says what is wrong.
 */
import { z } from 'astro/zod';
import { id, withoutEmptyParams } from '../http/contract.ts';
import { titleRefFields } from '../personal/contract.ts';
import type { WatchProvider } from './client/offers.ts';
import { isIsoRegion, REGION_PATTERN } from './client/regions.ts';
import { MAX_SERVICES } from './client/services-filter.ts';

export const REGION_FORMAT_MESSAGE = 'region must be a two-letter ISO 3166-1 code in capitals, such as US.';
export const unknownRegionMessage = (code: string) => `Unknown region: ${code}.`;
export const TOO_MANY_SERVICES_MESSAGE = `At most ${MAX_SERVICES} services.`;

/** An assigned ISO 3166-1 alpha-2 code. */
export const regionCode = () => z.string({ error: REGION_FORMAT_MESSAGE }).regex(REGION_PATTERN, REGION_FORMAT_MESSAGE)
  .superRefine((code, context) => {
    if (!isIsoRegion(code)) context.addIssue({ code: 'custom', message: unknownRegionMessage(code) });
  });

/** `on`: provider ids, comma-separated, at most MAX_SERVICES. */
export const serviceIdsParam = () => z.string()
  .transform((value) => value.split(','))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/, 'on must be a comma-separated list of provider ids.').transform(Number)
    .pipe(z.number().min(1, 'on must be a comma-separated list of provider ids.')))
    .max(MAX_SERVICES, TOO_MANY_SERVICES_MESSAGE))
  .transform((ids) => [...new Set(ids)]);

/** The services filter's fields of a listing endpoint's query (browse, platform): `region` alone filters nothing. */
export const servicesFilterFields = { on: serviceIdsParam().optional(), region: regionCode().optional() };

/** The services filter as the catalogue's queries take it. */
export interface ServicesFilterQuery { serviceIds: number[]; region: string }

/** GET /api/titles/[type]/[tmdbId]/providers */
export const TitleProvidersParams = z.object(titleRefFields);
export const RegionQuery = withoutEmptyParams(z.object({ region: regionCode().optional() }));

/** PUT /api/me/watch-preferences: either or both. */
export const WatchPreferencesBody = z.object({
  region: regionCode().optional(),
  services: z.array(id(), { error: 'services must be a list of provider ids.' }).max(MAX_SERVICES, TOO_MANY_SERVICES_MESSAGE).optional(),
}).refine((body) => body.region !== undefined || body.services !== undefined, 'Give a region, services or both.');
export type WatchPreferencesInput = z.input<typeof WatchPreferencesBody>;

export interface WatchPreferences {
  /** The user's region, or the site's default when they have picked none. */
  region: string;
  /** Provider ids, ascending. */
  services: number[];
}
export interface SavedWatchPreferences extends WatchPreferences { message: string }

export interface RegionList {
  defaultRegion: string;
  /** The regions some title has providers in, and the default one, by name. */
  regions: { code: string; name: string }[];
}

export interface RegionServices {
  region: string;
  /** The providers that stream something in the region (flatrate, free or with ads), by name. */
  services: WatchProvider[];
}
