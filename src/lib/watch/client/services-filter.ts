/**
 * The listings' "Only on my services" filter as page URLs and endpoint queries carry it: `on`, the provider ids
 * (`?on=8,337`), and `region`, left out for the site's default region. Both are in the URL, so a shared link shows
 * the same titles to anyone, whatever their own services. Pure and browser-safe.
 */
import { REGION_PATTERN } from './regions.ts';

/** The most services a user keeps, and a filter names. */
export const MAX_SERVICES = 30;

/** The filter: titles offered in `region` (null: the default) on any of `serviceIds`. */
export interface ServicesFilter { serviceIds: number[]; region: string | null }

/** The filter a page URL asks for, or null. Lenient like the other page filters: a malformed one is no filter. */
export function parseServicesFilter(params: URLSearchParams): ServicesFilter | null {
  const on = params.get('on');
  if (!on) return null;
  const ids = on.split(',').map((part) => (/^\d{1,9}$/.test(part) && Number(part) >= 1 ? Number(part) : null));
  if (ids.some((id) => id === null) || ids.length > MAX_SERVICES) return null;
  const region = params.get('region');
  return { serviceIds: [...new Set(ids as number[])], region: region && REGION_PATTERN.test(region) ? region : null };
}

/** Writes the filter into a page URL's (or an endpoint's) parameters. */
export function writeServicesFilter(params: URLSearchParams, filter: ServicesFilter | null): void {
  params.delete('on');
  params.delete('region');
  if (!filter) return;
  params.set('on', filter.serviceIds.join(','));
  if (filter.region) params.set('region', filter.region);
}

/** The endpoint query's fields for the filter (absent when there is none). */
export function servicesQuery(filter: ServicesFilter | null): { on?: string; region?: string } {
  return filter ? { on: filter.serviceIds.join(','), region: filter.region ?? undefined } : {};
}

/** The filter of a user's services, in their region (null when it is the default one). */
export function servicesFilterOf(serviceIds: number[], region: string, defaultRegion: string): ServicesFilter | null {
  return serviceIds.length ? { serviceIds: [...serviceIds].sort((a, b) => a - b), region: region === defaultRegion ? null : region } : null;
}
