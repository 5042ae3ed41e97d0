/** Pure mapping from TMDB response shapes to our table rows. */
import type { WatchKind } from '../../../db/schema.ts';
import { WATCH_KINDS } from '../watch/client/offers.ts';
import { isIsoRegion } from '../watch/client/regions.ts';
import type { TmdbEpisode, TmdbMovie, TmdbShow, TmdbSeason } from './schemas.ts';

type Video = { key: string; site: string; type: string; official?: boolean };
type Provider = { provider_id: number; provider_name: string; logo_path?: string | null; display_priority?: number };
type CountryProviders = Partial<Record<WatchKind, Provider[]>> & { link?: string | null };
type Cast = { id: number; name: string; profile_path?: string | null; popularity?: number; known_for_department?: string | null;
  order?: number; character?: string | null; roles?: { character?: string | null }[] };

export const SCREENSHOT_COUNT = 8;

/** Official YouTube trailer, else any YouTube trailer, else a YouTube teaser. */
export function pickTrailerKey(videos: Video[] = []): string | null {
  const youtube = videos.filter((video) => video.site === 'YouTube');
  const trailers = youtube.filter((video) => video.type === 'Trailer');
  const choice = trailers.find((video) => video.official) ?? trailers[0] ?? youtube.find((video) => video.type === 'Teaser');
  return choice?.key ?? null;
}

export function pickScreenshots(backdrops: { file_path: string }[] = []): string[] {
  return backdrops.slice(0, SCREENSHOT_COUNT).map((image) => image.file_path);
}

/** Providers for one region: flatrate first, then free/ads/rent/buy; each provider once. */
export function mapProviders(results: Record<string, CountryProviders> = {}, region = 'US') {
  const country = results[region] ?? {};
  const seen = new Set<number>();
  const platforms: { id: number; name: string; logo_path: string | null; display_priority: number }[] = [];
  for (const kind of WATCH_KINDS) {
    for (const provider of country[kind] ?? []) {
      if (seen.has(provider.provider_id)) continue;
      seen.add(provider.provider_id);
      platforms.push({ id: provider.provider_id, name: provider.provider_name, logo_path: provider.logo_path ?? null,
        display_priority: provider.display_priority ?? 0 });
    }
  }
  return platforms;
}

/** Every region's providers, as title_watch_providers, title_watch_regions and the platforms they name take them. */
export interface MappedWatchProviders {
  /** Each provider once, as its first region lists it. */
  providers: { id: number; name: string; logo_path: string | null; display_priority: number }[];
  offers: { region: string; kind: WatchKind; platform_id: number; display_priority: number }[];
  /** The regions with at least one offer, each with TMDB's watch page link (an http(s) URL, else none). */
  regions: { region: string; link: string | null }[];
}

/**
 * Every region's providers by kind (mapProviders is the default region's platforms, from the same answer). Keys that
 * are not ISO 3166-1 codes, and kinds TMDB may add later, are left out; a provider listed twice in a kind counts once.
 */
export function mapWatchProviders(results: Record<string, CountryProviders> = {}): MappedWatchProviders {
  const providers = new Map<number, MappedWatchProviders['providers'][number]>();
  const offers: MappedWatchProviders['offers'] = [];
  const regions: MappedWatchProviders['regions'] = [];
  for (const [region, country] of Object.entries(results).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isIsoRegion(region)) continue;
    const before = offers.length;
    for (const kind of WATCH_KINDS) {
      const seen = new Set<number>();
      for (const provider of country[kind] ?? []) {
        if (seen.has(provider.provider_id)) continue;
        seen.add(provider.provider_id);
        const display_priority = provider.display_priority ?? 0;
        offers.push({ region, kind, platform_id: provider.provider_id, display_priority });
        if (!providers.has(provider.provider_id)) {
          providers.set(provider.provider_id, { id: provider.provider_id, name: provider.provider_name, logo_path: provider.logo_path ?? null, display_priority });
        }
      }
    }
    if (offers.length > before) regions.push({ region, link: webLink(country.link) });
  }
  return { providers: [...providers.values()], offers, regions };
}

/** An absolute http(s) URL, or null: a link is rendered as an href, so nothing else may come through. */
function webLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function mapCredits(cast: Cast[] = []) {
  const seen = new Set<number>();
  const credits: { person_id: number; credit_order: number; character_name: string | null }[] = [];
  const people: { id: number; name: string; profile_path: string | null; popularity: number; known_for_department: string | null }[] = [];
  cast.forEach((member, index) => {
    if (seen.has(member.id)) return;
    seen.add(member.id);
    const character = member.character ?? member.roles?.[0]?.character ?? null;
    credits.push({ person_id: member.id, credit_order: member.order ?? index, character_name: character || null });
    people.push({ id: member.id, name: member.name, profile_path: member.profile_path ?? null,
      popularity: member.popularity ?? 0, known_for_department: member.known_for_department ?? null });
  });
  return { credits, people };
}

function sharedColumns(details: TmdbMovie | TmdbShow) {
  return {
    tmdb_id: details.id,
    overview: details.overview || null,
    tagline: details.tagline || null,
    poster_path: details.poster_path ?? null,
    backdrop_path: details.backdrop_path ?? null,
    vote_average: details.vote_average ?? null,
    vote_count: details.vote_count ?? 0,
    popularity: details.popularity ?? 0,
    origin_country: details.origin_country ?? [],
    screenshots: pickScreenshots(details.images?.backdrops),
    trailer_key: pickTrailerKey(details.videos?.results),
  };
}

export function mapMovie(details: TmdbMovie, region = 'US') {
  const collection = details.belongs_to_collection;
  return {
    row: {
      ...sharedColumns(details),
      title: details.title,
      release_date: details.release_date || null,
      runtime: details.runtime || null,
      budget: details.budget || null,
      revenue: details.revenue || null,
      production_companies: (details.production_companies ?? []).map(({ id, name, logo_path }) => ({ id, name, logo_path: logo_path ?? null })),
      collection_id: collection?.id ?? null,
      recommended_tmdb_ids: (details.recommendations?.results ?? []).map((item) => item.id),
    },
    collection: collection ? { id: collection.id, name: collection.name, overview: null,
      poster_path: collection.poster_path ?? null, backdrop_path: collection.backdrop_path ?? null } : null,
    genres: details.genres,
    platforms: mapProviders(details['watch/providers']?.results, region),
    watch: mapWatchProviders(details['watch/providers']?.results),
    ...mapCredits(details.credits?.cast),
  };
}

function mapEpisode(seasonNumber: number, episode: TmdbEpisode) {
  return {
    season_number: seasonNumber,
    episode_number: episode.episode_number,
    tmdb_id: episode.id ?? null,
    name: episode.name || null,
    overview: episode.overview || null,
    still_path: episode.still_path ?? null,
    air_date: episode.air_date || null,
    runtime: episode.runtime ?? null,
  };
}

/** The seasons' episodes, and the next one to air when no season lists it yet, so the calendar has its date. */
function withNextEpisode(episodes: ReturnType<typeof mapEpisode>[], next: TmdbEpisode | null | undefined) {
  if (!next || episodes.some((episode) => episode.season_number === next.season_number && episode.episode_number === next.episode_number)) return episodes;
  return [...episodes, mapEpisode(next.season_number, next)];
}

export function mapShow(details: TmdbShow, seasons: TmdbSeason[], region = 'US') {
  const cast = details.aggregate_credits?.cast ?? details.credits?.cast;
  return {
    row: {
      ...sharedColumns(details),
      name: details.name,
      first_air_date: details.first_air_date || null,
      number_of_seasons: details.number_of_seasons ?? details.seasons.filter((season) => season.season_number > 0).length,
    },
    genres: details.genres,
    platforms: mapProviders(details['watch/providers']?.results, region),
    watch: mapWatchProviders(details['watch/providers']?.results),
    episodes: withNextEpisode(seasons.flatMap((season) => season.episodes.map((episode) => mapEpisode(season.season_number, episode))),
      details.next_episode_to_air),
    ...mapCredits(cast),
  };
}
