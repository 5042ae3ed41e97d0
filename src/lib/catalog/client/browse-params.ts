/**
 * Filters of the Movies / TV Shows list pages and of category pages (spec sections 2, 4 and 9), and how they
 * read from and write to the page URL and the browse endpoint's query string. Pure: runs in the browser too.
 */
import type { ContentType } from '../../titles/client/content-types.ts';
import { GENRES, MOVIE_GENRE_IDS, TV_GENRE_IDS } from './genres.ts';
import { siteYear } from './site-clock.ts';
import { parseServicesFilter, servicesQuery, writeServicesFilter, type ServicesFilter } from '../../watch/client/services-filter.ts';

export const BROWSE_PAGE_SIZE = 48;
export const BROWSE_SKELETONS = 20;
export const FIRST_FILTER_YEAR = 1975;

/** 'titles': the Movies and TV Shows pages; 'category': one genre's page. */
export type BrowseMode = 'titles' | 'category';
/** 'newest' is the category pages' name for newly launched (release or first-air date, newest first). */
export type BrowseSort = 'just-added' | 'newly-launched' | 'top-rated' | 'newest';

export const TITLE_SORT_OPTIONS: { value: BrowseSort; label: string }[] = [
  { value: 'just-added', label: 'Just Added' },
  { value: 'newly-launched', label: 'Newly Launched' },
  { value: 'top-rated', label: 'Top Rated' },
];
export const CATEGORY_SORT_OPTIONS: { value: BrowseSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'top-rated', label: 'Top Rated' },
];

export const EMPTY_MESSAGES = {
  movie: 'No movies found matching your criteria.',
  tv: 'No TV shows found matching your criteria.',
  category: 'No items found in this category.',
} as const;

export interface BrowseFilters {
  /** Titles having any of these genres; empty means all. */
  genreIds: number[];
  year: number | null;
  sort: BrowseSort;
  page: number;
  /** "Only on my services": `?on=8,337&region=GB` in the URL, so that a shared link shows the same titles. */
  services?: ServicesFilter | null;
}

/** What is being browsed: all movies or shows, or one genre of them. */
export interface BrowseScope {
  type: ContentType;
  genreId?: number;
}

export interface BrowsePage<T> {
  items: T[];
  page: number;
  totalPages: number;
  total: number;
}

export function sortOptions(mode: BrowseMode) {
  return mode === 'titles' ? TITLE_SORT_OPTIONS : CATEGORY_SORT_OPTIONS;
}

export function defaultFilters(mode: BrowseMode): BrowseFilters {
  return { genreIds: [], year: null, sort: sortOptions(mode)[0]!.value, page: 1 };
}

/** The genre filter's choices for movies or shows, by name. */
export function genreOptions(type: ContentType): { id: number; name: string }[] {
  return (type === 'movie' ? MOVIE_GENRE_IDS : TV_GENRE_IDS)
    .map((id) => ({ id, name: GENRES[id]! }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The year filter's choices: the current year down to 1975. */
export function yearOptions(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = siteYear(now); year >= FIRST_FILTER_YEAR; year--) years.push(year);
  return years;
}

export function totalPagesFor(total: number, pageSize = BROWSE_PAGE_SIZE): number {
  return Math.ceil(total / pageSize);
}

/** A page past the last one (an empty result's only page is 1, which is not out of range). */
export function isPageOutOfRange(page: number, totalPages: number): boolean {
  return page > 1 && page > totalPages;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** The page URL's parameters a list reads (parseBrowseParams): with any of them the island must render at once. */
export const BROWSE_QUERY_PARAMS = ['genre', 'sort', 'year', 'page', 'on', 'region'];

/**
 * Reads filters from a page URL's query. Lenient: anything unknown or malformed falls back to the default,
 * so a hand-edited URL still shows a list.
 */
export function parseBrowseParams(params: URLSearchParams, mode: BrowseMode, now: Date = new Date()): BrowseFilters {
  const filters = defaultFilters(mode);
  const sort = params.get('sort');
  if (sortOptions(mode).some((option) => option.value === sort)) filters.sort = sort as BrowseSort;
  const year = positiveInt(params.get('year'));
  if (year !== null && year >= FIRST_FILTER_YEAR && year <= siteYear(now)) filters.year = year;
  filters.page = positiveInt(params.get('page')) ?? 1;
  const services = parseServicesFilter(params);
  if (services) filters.services = services;
  if (mode === 'titles') {
    const ids = (params.get('genre') ?? '').split(',').map(positiveInt);
    filters.genreIds = ids.every((id) => id !== null) ? [...new Set(ids as number[])] : [];
  }
  return filters;
}

/** The page URL's query for the filters; defaults are left out so the plain page URL means the first page. */
export function browseSearchParams(filters: BrowseFilters, mode: BrowseMode): URLSearchParams {
  const params = new URLSearchParams();
  const defaults = defaultFilters(mode);
  if (mode === 'titles' && filters.genreIds.length) params.set('genre', filters.genreIds.join(','));
  if (filters.sort !== defaults.sort) params.set('sort', filters.sort);
  if (filters.year !== null) params.set('year', String(filters.year));
  if (filters.page !== 1) params.set('page', String(filters.page));
  writeServicesFilter(params, filters.services ?? null);
  return params;
}

export function isDefaultFilters(filters: BrowseFilters, mode: BrowseMode): boolean {
  return browseSearchParams(filters, mode).size === 0;
}

/** Applies a change: any filter change goes back to page 1 (spec section 4); a page change keeps the filters. */
export function changeFilters(filters: BrowseFilters, change: Partial<BrowseFilters>): BrowseFilters {
  const next = { ...filters, ...change };
  const filterChanged = (['genreIds', 'year', 'sort', 'services'] as const).some((key) => key in change
    && JSON.stringify(change[key]) !== JSON.stringify(filters[key]));
  if (filterChanged && !('page' in change)) next.page = 1;
  return next;
}

/**
 * The browse endpoint's query (GET /api/catalog/browse): `genre` is a comma-separated list of genre ids. A type, not
 * an interface: a route's query must fit Record<string, QueryValue> (src/lib/http/route.ts).
 */
export type BrowseApiQuery = { type: ContentType; genre?: string; sort?: BrowseSort; year?: number; page?: number; on?: string; region?: string };

/** The browse endpoint's query for a scope and filters, in the order the URL shows it. */
export function browseApiQuery(scope: BrowseScope, filters: BrowseFilters): BrowseApiQuery {
  const genreIds = scope.genreId !== undefined ? [scope.genreId] : filters.genreIds;
  return {
    type: scope.type,
    genre: genreIds.length ? genreIds.join(',') : undefined,
    sort: filters.sort,
    year: filters.year ?? undefined,
    page: filters.page,
    ...servicesQuery(filters.services ?? null),
  };
}
