import { describe, expect, it } from 'vitest';
import type { TitleCard } from '../../src/lib/titles/client/cards.ts';
import { removeAlreadyShown } from '../../src/lib/page-loaders/home.ts';
import {
  browseApiQuery, browseSearchParams, changeFilters, defaultFilters, isPageOutOfRange, parseBrowseParams, totalPagesFor, yearOptions,
  type BrowseFilters, type BrowseScope,
} from '../../src/lib/catalog/client/browse-params.ts';
import { browseQuery } from '../../src/lib/catalog/contract.ts';
import { catalogRoutes } from '../../src/lib/catalog/routes.ts';
import { urlOf } from '../../src/lib/http/route.ts';
import { parseQuery } from '../support/contract.ts';
import { retryDelay } from '../../src/lib/catalog/client/fetcher.ts';
import { ApiError } from '../../src/lib/http/api-client.ts';

const card = (tmdbId: number, type: TitleCard['type'] = 'movie'): TitleCard => ({
  type, tmdbId, title: `T${tmdbId}`, slug: `t${tmdbId}`, posterPath: null, backdropPath: null, voteAverage: null, year: null,
});
const ids = (cards: TitleCard[]) => cards.map((c) => c.tmdbId);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => card(from + i));

describe('home genre rows: removing titles already shown', () => {
  it('drops titles of Recently Added and keeps the candidate order', () => {
    const [row] = removeAlreadyShown([{ candidates: [card(1), card(2), card(3), card(4)] }], [card(2), card(4)]);
    expect(ids(row!.cards)).toEqual([1, 3]);
  });

  it('a title kept by an earlier row is not repeated in a later one', () => {
    const rows = removeAlreadyShown([{ candidates: [card(1), card(2)] }, { candidates: [card(2), card(3), card(1)] }], []);
    expect(rows.map((r) => ids(r.cards))).toEqual([[1, 2], [3]]);
  });

  it('shows 20 of 50 candidates, refilling from further down after removals', () => {
    const [row] = removeAlreadyShown([{ candidates: range(1, 50) }], range(1, 5));
    expect(ids(row!.cards)).toEqual(ids(range(6, 25)));
  });

  it('only candidates beyond the 20 shown do not count as shown for later rows', () => {
    const rows = removeAlreadyShown([{ candidates: range(1, 30) }, { candidates: range(15, 30) }], []);
    expect(ids(rows[1]!.cards)).toEqual(ids(range(21, 30)));
  });

  it('a movie and a show with the same TMDB id are different titles', () => {
    const [row] = removeAlreadyShown([{ candidates: [card(7, 'tv')] }], [card(7, 'movie')]);
    expect(row!.cards).toHaveLength(1);
  });

  it('keeps the row fields and may leave a row empty', () => {
    const [row] = removeAlreadyShown([{ key: 'movie-28', candidates: [card(1)] }], [card(1)]);
    expect(row).toMatchObject({ key: 'movie-28', cards: [] });
  });
});

describe('list page URLs and filters', () => {
  const now = new Date(Date.UTC(2026, 5, 1));

  it('reads genre, sort, year and page from the query', () => {
    const filters = parseBrowseParams(new URLSearchParams('genre=28,12&sort=top-rated&year=2020&page=3'), 'titles', now);
    expect(filters).toEqual({ genreIds: [28, 12], sort: 'top-rated', year: 2020, page: 3 });
  });

  it('falls back to the defaults for anything malformed or out of range', () => {
    const filters = parseBrowseParams(new URLSearchParams('genre=28,x&sort=random&year=1960&page=-2'), 'titles', now);
    expect(filters).toEqual(defaultFilters('titles'));
    expect(parseBrowseParams(new URLSearchParams('year=2027&page=0'), 'titles', now)).toEqual(defaultFilters('titles'));
    expect(defaultFilters('titles').sort).toBe('just-added');
  });

  it('category pages sort Newest by default, accept Top Rated, and ignore a genre in the URL', () => {
    expect(parseBrowseParams(new URLSearchParams(''), 'category', now).sort).toBe('newest');
    expect(parseBrowseParams(new URLSearchParams('sort=just-added&genre=12'), 'category', now)).toEqual(defaultFilters('category'));
    expect(parseBrowseParams(new URLSearchParams('sort=top-rated'), 'category', now).sort).toBe('top-rated');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(browseSearchParams(defaultFilters('titles'), 'titles').toString()).toBe('');
    const filters = { genreIds: [16], sort: 'newly-launched' as const, year: 1999, page: 2 };
    const query = browseSearchParams(filters, 'titles');
    expect(query.toString()).toBe('genre=16&sort=newly-launched&year=1999&page=2');
    expect(parseBrowseParams(query, 'titles', now)).toEqual(filters);
    expect(browseSearchParams({ ...defaultFilters('category'), page: 2 }, 'category').toString()).toBe('page=2');
  });

  it('changing any filter resets to page 1; changing the page keeps the filters', () => {
    const onPage3 = { ...defaultFilters('titles'), page: 3 };
    expect(changeFilters(onPage3, { sort: 'top-rated' })).toMatchObject({ sort: 'top-rated', page: 1 });
    expect(changeFilters(onPage3, { year: 2001 }).page).toBe(1);
    expect(changeFilters(onPage3, { genreIds: [35] }).page).toBe(1);
    expect(changeFilters({ ...onPage3, year: 2001 }, { year: 2001 }).page).toBe(3);
    expect(changeFilters(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
  });

  it('the year choices run from the current year down to 1975', () => {
    const years = yearOptions(now);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1975);
    expect(years).toHaveLength(2026 - 1975 + 1);
  });

  it('page counts and the out-of-range rule', () => {
    expect(totalPagesFor(0)).toBe(0);
    expect(totalPagesFor(48)).toBe(1);
    expect(totalPagesFor(49)).toBe(2);
    expect(isPageOutOfRange(1, 0)).toBe(false);
    expect(isPageOutOfRange(2, 1)).toBe(true);
  });

  it('the endpoint URL carries the scope: a category sends its own genre', () => {
    const filters = { genreIds: [28], sort: 'top-rated' as const, year: null, page: 2 };
    const browseUrl = (scope: BrowseScope, chosen: BrowseFilters) => urlOf(catalogRoutes.browse, { query: browseApiQuery(scope, chosen) });
    expect(browseUrl({ type: 'movie' }, filters)).toBe('/api/catalog/browse?type=movie&genre=28&sort=top-rated&page=2');
    expect(browseUrl({ type: 'tv', genreId: 18 }, { ...filters, genreIds: [] }))
      .toBe('/api/catalog/browse?type=tv&genre=18&sort=top-rated&page=2');
  });
});

describe('browse endpoint validation', () => {
  const now = new Date(Date.UTC(2026, 5, 1));
  const parse = (query: string) => {
    const result = parseQuery(browseQuery(() => now), query);
    return result.ok ? { ok: true, query: result.data } : result;
  };

  it('accepts a full query and fills defaults', () => {
    expect(parse('type=tv&genre=18,35&year=2026&sort=newest&page=2'))
      .toEqual({ ok: true, query: { type: 'tv', genreIds: [18, 35], year: 2026, sort: 'newest', page: 2 } });
    expect(parse('type=movie&genre=&year='))
      .toEqual({ ok: true, query: { type: 'movie', genreIds: [], year: null, sort: 'just-added', page: 1 } });
  });

  it('refuses bad input with a clear message', () => {
    expect(parse('')).toEqual({ ok: false, error: 'type: type must be movie or tv.' });
    expect(parse('type=book')).toMatchObject({ ok: false });
    expect(parse('type=movie&year=1974')).toEqual({ ok: false, error: 'year: year must be between 1975 and 2026.' });
    expect(parse('type=movie&year=2027')).toMatchObject({ ok: false });
    expect(parse('type=movie&page=0')).toEqual({ ok: false, error: 'page: page must be at least 1.' });
    expect(parse('type=movie&page=abc')).toEqual({ ok: false, error: 'page: page must be a whole number.' });
    expect(parse('type=movie&genre=28,,12')).toMatchObject({ ok: false });
    expect(parse('type=movie&sort=popular')).toMatchObject({ ok: false });
  });
});

describe('catalogue fetcher retry policy', () => {
  it('retries network and server errors twice, never client errors', () => {
    const network = new TypeError('fetch failed');
    expect(retryDelay(network, 1)).toBeGreaterThan(0);
    expect(retryDelay(network, 2)).toBeGreaterThan(0);
    expect(retryDelay(network, 3)).toBe(false);
    expect(retryDelay(new ApiError(503, 'down', null), 1)).toBeGreaterThan(0);
    expect(retryDelay(new ApiError(416, 'Page 9 is out of range.', null), 1)).toBe(false);
  });
});
