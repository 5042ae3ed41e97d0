/** The services filter of a listing request, with the site's default region where the URL names none. */
import { defaultRegion } from '../settings.ts';
import type { ServicesFilter } from './client/services-filter.ts';
import type { ServicesFilterQuery } from './contract.ts';

export function resolveServicesFilter(filter: ServicesFilter): ServicesFilterQuery {
  return { serviceIds: filter.serviceIds, region: filter.region ?? defaultRegion() };
}
