/**
 * What a page shows, named: each catalogue page says which of these it shows as it loads (its tags), and each change
 * to the catalogue is mapped to the same names (src/lib/publishing/change-tags.ts). One record then serves both targets: the Node
 * server renews the prerendered pages whose tags a change names, and Netlify's CDN purges them by tag.
 *
 * Tags are short (a CDN response carries up to 500 of them) and use only [a-z0-9:-].
 */
import type { ContentType } from '../../../db/schema.ts';

const TITLE_PREFIX: Record<ContentType, string> = { movie: 'm', tv: 't' };

/** How a list of published titles is ordered, or what else picks its members: what a change to a title reorders. */
export const LIST_ORDERS = ['added', 'date', 'rating', 'popularity'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/** Which titles a list holds: all published ones of the kind, those of a genre, or those on a platform. */
export type ListScope = 'all' | `g${number}` | `pl${number}`;

export const pageTags = {
  /** Everything of the title's own page: its columns, genres, platforms, cast and episodes. */
  title: (type: ContentType, tmdbId: number) => `${TITLE_PREFIX[type]}${tmdbId}`,
  /** What a card of the title shows, and whether it is published at all. */
  titleCard: (type: ContentType, tmdbId: number) => `${TITLE_PREFIX[type]}c${tmdbId}`,
  /**
   * What a tile of the title shows (a card without the rating), and whether it is published: a movie page's
   * recommendations, a person's Known For (whose order a change names by the person, change-tags.ts).
   */
  titleTile: (type: ContentType, tmdbId: number) => `${TITLE_PREFIX[type]}i${tmdbId}`,
  /** Everything of the person's own page: columns and credits. */
  person: (id: number) => `p${id}`,
  /** What a person's card shows: name, photo, department. */
  personCard: (id: number) => `pc${id}`,
  genre: (id: number) => `g${id}`,
  platform: (id: number) => `pl${id}`,
  /** Every platform's name and logo: the platform picker. */
  platforms: 'platforms',
  /** A collection's row and which movies are in it. */
  collection: (id: number) => `c${id}`,
  /** Which published titles a list holds, in `order`. */
  titleList: (type: ContentType, scope: ListScope, order: ListOrder) => `l${TITLE_PREFIX[type]}:${scope}:${order}`,
  /** Which people have a page, by popularity or by name. */
  peopleList: (order: 'popularity' | 'name') => `lp:${order}`,
  /** Every public URL and when it changed, or, past one file's worth, which parts of the sitemap there are. */
  sitemap: 'sitemap',
  /** The URLs of one part of the sitemap (page-loaders/sitemap.ts sitemapPartName) and when they changed. */
  sitemapPart: (name: string) => `sitemap:${name}`,
  /** The current year (the footer, the year filters, ages): named at the turn of the year. */
  year: 'year',
} as const;

/**
 * The lists ordered by a score, in bands of it. A page that shows a list's first titles down to a score (its floor)
 * carries the band tags from its floor's band up; a title whose score moves names the bands of its old and new scores.
 * So a sync that moves a title far below a page's floor (the 3,000th most popular on a platform) names no page that
 * shows the top of the list. A page that shows the list to its end, or into titles without a score, carries the list's
 * `any` tag, which every move names. Which titles a list holds (publishing, a genre or a platform added) names the
 * list's plain tag, which every page of the list carries.
 */
const SCORE_BANDS = {
  // Whole points: a rating runs from 0 to 10 (the home page shows 21 lists: at most 231 band tags).
  rating: { band: (score: number) => Math.floor(score), top: 10 },
  // Half powers of two, up to 2^20.
  popularity: { band: (score: number) => Math.floor(2 * Math.log2(Math.max(score, 1))), top: 40 },
} as const;
export type ScoredOrder = keyof typeof SCORE_BANDS;
export const isScoredOrder = (order: ListOrder): order is ScoredOrder => order in SCORE_BANDS;

function bandOf(order: ScoredOrder, score: number): number {
  const { band, top } = SCORE_BANDS[order];
  return Math.min(top, Math.max(0, band(score)));
}

/** A page that shows a list by `order` down to `floor` (null: to the list's end, or into titles without a score). */
export function scoredListTags(type: ContentType, scope: ListScope, order: ScoredOrder, floor: number | null): string[] {
  const list = pageTags.titleList(type, scope, order);
  if (floor === null) return [list, `${list}:any`];
  const lowest = bandOf(order, floor);
  return [list, ...Array.from({ length: SCORE_BANDS[order].top - lowest + 1 }, (_, at) => `${list}:${lowest + at}`)];
}

/** A title of the list whose score moved from `from` to `to` (null: none): the pages whose floor either reaches. */
export function scoreMoveTags(type: ContentType, scope: ListScope, order: ScoredOrder, from: number | null, to: number | null): string[] {
  const list = pageTags.titleList(type, scope, order);
  return [`${list}:any`, ...[from, to].filter((score) => score !== null).map((score) => `${list}:${bandOf(order, score)}`)];
}

/** The routes whose set of pages changes (a title published, a person's first credit, a genre renamed...). */
export const PATH_SETS = ['movie', 'tv', 'person', 'category', 'franchise', 'platform', 'home-rows', 'sitemap'] as const;
export type PathSet = (typeof PATH_SETS)[number];

/**
 * The detail routes, one page per row (a title by TMDB id, a person by id): a change names the rows that may have a new
 * page, and the Node server lists those rows' pages alone instead of the whole route (up to 150,000 people).
 */
export const KEYED_PATH_SETS = ['movie', 'tv', 'person'] as const;
export type KeyedPathSet = (typeof KEYED_PATH_SETS)[number];
const isKeyed = (set: string): set is KeyedPathSet => (KEYED_PATH_SETS as readonly string[]).includes(set);

export const PATHS_PREFIX = 'paths:';
/** Named when `route` may have a page it did not have: the Node server asks the route for its paths again. */
export const pathsTag = (route: PathSet) => `${PATHS_PREFIX}${route}`;
/** Named when the row `key` of a detail route may have a page it did not have: the Node server lists that row's. */
export const rowPathsTag = (route: KeyedPathSet, key: number) => `${PATHS_PREFIX}${route}:${key}`;

/** What a paths tag names: a whole route's set of pages, or the page of one row of a detail route. */
export type NamedPaths = { set: PathSet; key?: undefined } | { set: KeyedPathSet; key: number };

export function namedPaths(tag: string): NamedPaths | undefined {
  if (!tag.startsWith(PATHS_PREFIX)) return undefined;
  const [set = '', key, ...rest] = tag.slice(PATHS_PREFIX.length).split(':');
  if (rest.length) return undefined;
  if (key !== undefined) return isKeyed(set) && /^\d+$/.test(key) ? { set, key: Number(key) } : undefined;
  return (PATH_SETS as readonly string[]).includes(set) ? { set: set as PathSet } : undefined;
}

/** The tag a CDN purges for `tag`: a page absent from a route (a 404, a stale slug's redirect) carries its set's. */
export function cdnPurgeTag(tag: string): string {
  const named = namedPaths(tag);
  return named?.key === undefined ? tag : pathsTag(named.set);
}

/** Every tag a change can name that asks for every page: the year, a truncated table. */
export const EVERYTHING = '*';

/** Netlify keeps at most 500 tags on a response, and Astro's provider adds one (the page's path). */
export const CDN_TAG_LIMIT = 499;
/**
 * Named with every card's change (src/lib/publishing/change-tags.ts): a page with more tags than a CDN keeps carries this instead of its
 * card tags, and is purged by any card's change.
 */
export const ANY_CARD = 'cards';
const CARD_TAG = /^(?:[mt][ci]|pc)\d+$/;
export const isCardTag = (tag: string) => CARD_TAG.test(tag);

/** `tags` as a CDN response may carry them. */
export function cdnTags(tags: readonly string[]): string[] {
  if (tags.length <= CDN_TAG_LIMIT) return [...tags];
  return [...tags.filter((tag) => !isCardTag(tag)).slice(0, CDN_TAG_LIMIT - 1), ANY_CARD];
}

/** The card tags of titles a page shows. */
export function cardTags(cards: readonly { type: ContentType; tmdbId: number }[]): string[] {
  return cards.map((card) => pageTags.titleCard(card.type, card.tmdbId));
}

/** The tile tags of titles a page shows as tiles (TitleTile). */
export function tileTags(tiles: readonly { type: ContentType; tmdbId: number }[]): string[] {
  return tiles.map((tile) => pageTags.titleTile(tile.type, tile.tmdbId));
}
