/**
 * Where a title can be watched in one region, as the title pages and the providers endpoint show it: its offers by
 * kind in TMDB's order of kinds, with the labels the pages use. Pure and browser-safe.
 */

/** TMDB's kinds of offer; a type, not the database's, so that islands import no schema. */
export type WatchKind = 'flatrate' | 'free' | 'ads' | 'rent' | 'buy';

export const WATCH_KINDS: readonly WatchKind[] = ['flatrate', 'free', 'ads', 'rent', 'buy'];

export const WATCH_KIND_LABELS: Record<WatchKind, string> = {
  flatrate: 'Stream', free: 'Free', ads: 'With ads', rent: 'Rent', buy: 'Buy',
};

/** The kinds a service a user pays for offers at no extra cost: what "on my services" means. */
export const SERVICE_KINDS: readonly WatchKind[] = ['flatrate', 'free', 'ads'];

export interface WatchProvider { id: number; name: string; logoPath: string | null }

export interface WatchOffer { kind: WatchKind; label: string; providers: WatchProvider[] }

/** A title's offers in one region: only the kinds it has, in WATCH_KINDS' order; none when it is nowhere there. */
export interface TitleWatchOffers {
  region: string;
  regionName: string;
  /** TMDB's watch page for the title in that region (JustWatch's data), when it gave one. */
  link: string | null;
  offers: WatchOffer[];
}

export function nowhereMessage(regionName: string): string {
  return `Not available to stream, rent or buy in ${regionName}.`;
}

export const WATCH_ATTRIBUTION = 'Watch-provider data by JustWatch.';

/** The offers from rows of any order: kinds in WATCH_KINDS' order, each kind's providers in the order given. */
export function groupOffers(rows: { kind: WatchKind; provider: WatchProvider }[]): WatchOffer[] {
  return WATCH_KINDS.map((kind) => ({
    kind, label: WATCH_KIND_LABELS[kind], providers: rows.filter((row) => row.kind === kind).map((row) => row.provider),
  })).filter((offer) => offer.providers.length > 0);
}
