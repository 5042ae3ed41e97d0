/**
 * Trakt's JSON export, read and written. Its files are arrays of items as Trakt's API gives them; each item names a
 * `movie` or a `show` (with `ids.tmdb`), and an episode for history:
 * - a rating: `{ rated_at, rating: 1..10, type, movie | show }`;
 * - the watchlist: `{ listed_at, type, movie | show }`;
 * - history: `{ watched_at, type: 'movie' | 'episode', movie | show + episode }`, or the watched list
 *   `{ last_watched_at, plays, movie | show + seasons }`.
 * Items are told apart by these fields, so any of the export's files (or one object holding several arrays, as our
 * own export writes) reads the same.
 */
import type { ContentType } from '../../../db/schema.ts';
import type { ImportAction } from './contract.ts';
import { instantOf, tmdbIdOf, yearOf, type FileEntry, type ReadEntries } from './entries.ts';
import { starsFromTenPoint, tenPointFromStars } from './rating-scale.ts';

type Item = Record<string, unknown>;
const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The arrays of items in a Trakt JSON document, each with the label the report gives it. */
function sectionsOf(value: unknown, label: string): [string, unknown[]][] {
  if (Array.isArray(value)) return [[label, value]];
  if (!isObject(value)) return [];
  return Object.entries(value).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
    .map(([key, items]) => [`${label}: ${key}`, items]);
}

/**
 * The entries of a Trakt JSON document, or null when no item in it is a watchlist, rating or history item (another
 * of the export's files: collection, comments, lists, stats).
 */
export function readTraktJson(value: unknown, label: string): ReadEntries | null {
  const sections = sectionsOf(value, label);
  const items = sections.flatMap(([, list]) => list);
  if (!sections.length || (items.length && !items.some((item) => isObject(item) && kindOf(item) && (isObject(item.movie) || isObject(item.show))))) return null;
  const result: ReadEntries = { entries: [], bad: [] };
  for (const [section, list] of sections) {
    list.forEach((item, index) => readItem(item, `${section} item ${index + 1}`, result));
  }
  return result;
}

function readItem(item: unknown, source: string, into: ReadEntries): void {
  const kind = isObject(item) ? kindOf(item) : null;
  const media = isObject(item) ? (isObject(item.movie) ? item.movie : isObject(item.show) ? item.show : null) : null;
  const title = typeof media?.title === 'string' ? media.title.trim() : '';
  const year = yearOf(media?.year);
  const refuse = (reason: string) => void into.bad.push({ source, title, year: year === 'invalid' ? null : year, action: kind?.action ?? 'history', reason });
  if (!isObject(item) || !kind || !media) return refuse('Not a Trakt watchlist, rating or history item of a movie or show.');
  const type: ContentType = isObject(item.movie) ? 'movie' : 'tv';
  if (item.type === 'season' || (item.type === 'episode' && kind.action !== 'history')) {
    return refuse(`${item.type === 'season' ? 'A season' : 'An episode'} ${kind.action === 'rating' ? 'rating' : 'in the watchlist'} has no place here: only movies and shows are rated and listed.`);
  }
  const tmdbId = tmdbIdOf(isObject(media.ids) ? media.ids.tmdb : undefined);
  if (!title && tmdbId === null) return refuse('The item names no title and no TMDB id.');
  if (year === 'invalid') return refuse(`Year "${String(media.year)}" is not a year.`);
  const date = instantOf(item[kind.dateField]);
  if (!date) return refuse(`${kind.dateField} is not a date.`);
  const entry: FileEntry = { source, action: kind.action, title, year, type, tmdbId, date };
  if (kind.action === 'rating') {
    const stars = typeof item.rating === 'number' ? starsFromTenPoint(item.rating) : null;
    if (stars === null) return refuse(`Rating "${String(item.rating)}" is not a whole number from 1 to 10.`);
    entry.rating = stars;
  }
  if (kind.action === 'history' && type === 'tv') Object.assign(entry, episodeOf(item));
  into.entries.push(entry);
}

function kindOf(item: Item): { action: ImportAction; dateField: string } | null {
  if ('rating' in item) return { action: 'rating', dateField: 'rated_at' };
  if ('listed_at' in item) return { action: 'wishlist', dateField: 'listed_at' };
  if ('watched_at' in item) return { action: 'history', dateField: 'watched_at' };
  if ('last_watched_at' in item) return { action: 'history', dateField: 'last_watched_at' };
  return null;
}

/** The episode a history item names: its own, or the watched list's most recently watched one. */
function episodeOf(item: Item): { season: number | null; episode: number | null } {
  const number = (value: unknown) => (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10_000 ? value as number : null);
  if (isObject(item.episode)) return { season: number(item.episode.season), episode: number(item.episode.number) };
  let latest: { season: number | null; episode: number | null; at: number } = { season: null, episode: null, at: -Infinity };
  for (const season of Array.isArray(item.seasons) ? item.seasons : []) {
    if (!isObject(season) || !Array.isArray(season.episodes)) continue;
    for (const episode of season.episodes) {
      const at = isObject(episode) ? instantOf(episode.last_watched_at)?.getTime() ?? -Infinity : -Infinity;
      if (isObject(episode) && at > latest.at) latest = { season: number(season.number), episode: number(episode.number), at };
    }
  }
  return { season: latest.season, episode: latest.episode };
}

/** A title as Trakt names one. */
export interface TraktTitle { type: ContentType; tmdbId: number; title: string | null; year: number | null }

const mediaOf = ({ type, tmdbId, title, year }: TraktTitle) =>
  ({ [type === 'movie' ? 'movie' : 'show']: { title, year, ids: { tmdb: tmdbId } } });
const typeName = (type: ContentType) => (type === 'movie' ? 'movie' : 'show');

/** Our data as Trakt's export items, in one document: the watchlist, ratings (1 to 10) and the history of finished titles. */
export function traktDocument(data: {
  wishlist: (TraktTitle & { addedAt: Date })[];
  ratings: (TraktTitle & { rating: number; ratedAt: Date })[];
  history: (TraktTitle & { watchedAt: Date; season: number | null; episode: number | null })[];
}) {
  return {
    watchlist: data.wishlist.map((item, index) => ({ rank: index + 1, listed_at: item.addedAt.toISOString(), type: typeName(item.type), ...mediaOf(item) })),
    ratings: data.ratings.map((item) => ({ rated_at: item.ratedAt.toISOString(), rating: tenPointFromStars(item.rating), type: typeName(item.type), ...mediaOf(item) })),
    history: data.history.map((item) => (item.type === 'tv' && item.season !== null && item.episode !== null
      ? { watched_at: item.watchedAt.toISOString(), action: 'watch', type: 'episode', episode: { season: item.season, number: item.episode }, ...mediaOf(item) }
      : { watched_at: item.watchedAt.toISOString(), action: 'watch', type: typeName(item.type), ...mediaOf(item) })),
  };
}
