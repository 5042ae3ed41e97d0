/**
 * Where to watch the demo titles, in several regions, so that `npm start` shows the region picker, the kinds of offer
 * and the services filter at work. The fictional services and two stores are the same everywhere, but each region
 * carries only some of the services. In the default region a title keeps the services it was built with (its
 * platforms), each in its service's kind, and may be rented or bought at a store; the stores then become platforms
 * of it too, since a title's platforms are all its default-region providers (src/lib/tmdb/mapper.ts).
 */
import type { ContentType, WatchKind } from '../../../db/schema.ts';
import type { Random } from '../random.ts';
import type { Row } from './context.ts';

/** The demo's regions besides the default one (which is left out of these if it is one of them). */
export const DEMO_OTHER_REGIONS = ['BR', 'CA', 'DE', 'FR', 'GB', 'IN', 'JP'] as const;

/** Services that are not subscriptions: the rest stream with one. */
const SERVICE_KINDS: Record<string, WatchKind> = { 'Nightjar TV': 'ads', Tidewave: 'free' };

export interface DemoWatchInput {
  defaultRegion: string;
  services: { id: number; name: string }[];
  storeIds: number[];
  /** Every title with the services it was built with (its default-region streaming offers). */
  titles: { type: ContentType; id: number; serviceIds: number[] }[];
}

export interface DemoWatchRows {
  offers: Row<'title_watch_providers'>[];
  regions: Row<'title_watch_regions'>[];
  /** The stores each title is rented or bought at in the default region: more of its platforms. */
  storeLinks: { type: ContentType; id: number; platformId: number }[];
}

export function buildDemoWatchProviders(random: Random, input: DemoWatchInput): DemoWatchRows {
  const kindOf = new Map(input.services.map((service) => [service.id, SERVICE_KINDS[service.name] ?? 'flatrate']));
  const serviceIds = input.services.map((service) => service.id);
  // Each other region carries the first service and a share of the rest.
  const regionServices = new Map(DEMO_OTHER_REGIONS.map((region) => [region, serviceIds.filter((_, i) => i === 0 || random.chance(0.55))]));
  const rows: DemoWatchRows = { offers: [], regions: [], storeLinks: [] };

  for (const title of input.titles) {
    const key = { content_type: title.type, title_id: title.id };
    const add = (region: string, offers: { kind: WatchKind; platform_id: number }[]) => {
      if (offers.length === 0) return;
      rows.regions.push({ ...key, region, link: null });
      for (const [position, offer] of offers.entries()) rows.offers.push({ ...key, region, ...offer, display_priority: position + 1 });
    };
    const storeOffers = () => {
      const offers: { kind: WatchKind; platform_id: number }[] = [];
      for (const platform_id of input.storeIds) {
        if (random.chance(0.45)) offers.push({ kind: 'rent', platform_id });
        if (random.chance(0.35)) offers.push({ kind: 'buy', platform_id });
      }
      return offers;
    };

    const defaultStores = storeOffers();
    add(input.defaultRegion, [...title.serviceIds.map((platform_id) => ({ kind: kindOf.get(platform_id)!, platform_id })), ...defaultStores]);
    for (const platformId of new Set(defaultStores.map((offer) => offer.platform_id))) rows.storeLinks.push({ type: title.type, id: title.id, platformId });

    for (const region of DEMO_OTHER_REGIONS) {
      if (region === input.defaultRegion || !random.chance(0.7)) continue;
      const carried = regionServices.get(region)!;
      const picked = random.sample(carried, Math.min(carried.length, random.int(0, 2)));
      add(region, [...picked.map((platform_id) => ({ kind: kindOf.get(platform_id)!, platform_id })), ...storeOffers()]);
    }
  }
  return rows;
}
