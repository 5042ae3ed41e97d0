/** A real HTTP server speaking TMDB's protocol from hand-written fixtures, with failure injection for tests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BROKEN_MOVIE_ID, brokenMovieDetails, HOSTILE_MOVIE_ID, HOSTILE_POPULAR_IDS, HOSTILE_POPULAR_PAGE, hostileMovieDetails, movieDetails, movieIds,
  personDetails, POPULAR_MOVIE_IDS, POPULAR_SHOW_IDS, seasonDetails, showDetails, showIds, UPCOMING_MOVIE_ID, upcomingMovieDetails,
} from './tmdb-fixtures/index.ts';

export const FAKE_TMDB_KEY = 'fake-v3-key';
export const FAKE_TMDB_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJmYWtlIn0.c2lnbmF0dXJl';

export type Failure = { status: 429; retryAfter: number } | { status: 500 };
export interface RecordedRequest { path: string; query: URLSearchParams; at: number }
export type ChangeList = 'movie' | 'tv' | 'person';

export interface FakeTmdbOptions {
  /**
   * Popular movies spread over this many pages of PAGE_SIZE distinct titles (ids from FIRST_PAGED_MOVIE_ID on), as
   * TMDB pages them; by default every page lists the same few fixture titles.
   */
  popularMoviePages?: number;
  /** Milliseconds each answer waits, so a long import can be interrupted part-way. */
  delayMs?: number;
}

export const PAGE_SIZE = 20;
export const FIRST_PAGED_MOVIE_ID = 100_000;

/** The ids on a page of popular movies when the fake pages them (FakeTmdbOptions.popularMoviePages). */
export const pagedMovieIds = (page: number) => Array.from({ length: PAGE_SIZE }, (_, i) => FIRST_PAGED_MOVIE_ID + (page - 1) * PAGE_SIZE + i);

function pagedBody(path: string, query: URLSearchParams, pages: number): unknown {
  if (path === '/movie/popular') {
    const page = Number(query.get('page') ?? 1);
    return { page, results: page <= pages ? pagedMovieIds(page).map((id) => ({ id })) : [], total_pages: pages, total_results: pages * PAGE_SIZE };
  }
  const match = path.match(/^\/movie\/(\d+)$/);
  const id = Number(match?.[1]);
  if (match && id >= FIRST_PAGED_MOVIE_ID && id < FIRST_PAGED_MOVIE_ID + pages * PAGE_SIZE) return movieDetails(id);
  return undefined;
}

/** TMDB's change lists: 100 ids a page, a window of at most 14 days. */
export const CHANGES_PAGE_SIZE = 100;
const MAX_CHANGES_DAYS = 14;

/** A change list that misbehaves: it claims `totalPages` pages and sends `perPage` ids on every one. */
export interface ChangeListShape { totalPages: number; perPage: number }

/** What a test changed on the fake TMDB: change lists, edited answers and episodes, newly aired seasons. */
interface FakeState {
  changes: Map<ChangeList, number[]>;
  shapes: Map<ChangeList, ChangeListShape>;
  edits: Map<string, Record<string, unknown>>;
  /** By `${showId}/${season}/${episodeNumber}` as the fixture numbers it. */
  episodeEdits: Map<string, Record<string, unknown>>;
  aired: Map<number, Map<number, number>>;
}

/** Ids of titles nobody imported (from 9,000,000 on), `perPage` of them for each page. */
function misbehavingPage(shape: ChangeListShape, page: number): unknown {
  const results = Array.from({ length: shape.perPage }, (_, i) => ({ id: 9_000_000 + (page - 1) * shape.perPage + i, adult: false }));
  return { results, page, total_pages: shape.totalPages, total_results: shape.totalPages * shape.perPage };
}

/** A season as the fixture has it, with the test's edits of its episodes. */
function editedSeason(showId: number, n: number, state: FakeState) {
  const season = seasonDetails(showId, n, state.aired.get(showId));
  if (!season) return undefined;
  return { ...season, episodes: season.episodes.map((episode) => ({ ...episode, ...state.episodeEdits.get(`${showId}/${n}/${episode.episode_number}`) })) };
}

function changesPage(ids: number[], query: URLSearchParams): unknown {
  const day = (date: string | null) => (date ? Date.parse(`${date}T00:00:00Z`) : Date.now());
  const start = day(query.get('start_date'));
  const end = day(query.get('end_date'));
  if (Number.isNaN(start) || Number.isNaN(end) || end < start || end - start > MAX_CHANGES_DAYS * 86_400_000) {
    return { error: { status_code: 47, status_message: 'The input is not valid.' } };
  }
  const page = Number(query.get('page') ?? 1);
  const results = ids.slice((page - 1) * CHANGES_PAGE_SIZE, page * CHANGES_PAGE_SIZE).map((id) => ({ id, adult: false }));
  return { results, page, total_pages: Math.max(1, Math.ceil(ids.length / CHANGES_PAGE_SIZE)), total_results: ids.length };
}

function body(path: string, query: URLSearchParams, state: FakeState): unknown {
  const edit = state.edits.get(path);
  const payload = baseBody(path, query, state);
  return payload && edit ? { ...payload, ...edit } : payload;
}

function baseBody(path: string, query: URLSearchParams, state: FakeState): unknown {
  let match: RegExpMatchArray | null;
  if ((match = path.match(/^\/(movie|tv|person)\/changes$/))) {
    const shape = state.shapes.get(match[1] as ChangeList);
    return shape ? misbehavingPage(shape, Number(query.get('page') ?? 1)) : changesPage(state.changes.get(match[1] as ChangeList) ?? [], query);
  }
  if ((match = path.match(/^\/(movie|tv)\/popular$/))) {
    const page = Number(query.get('page') ?? 1);
    const ids = match[1] === 'tv' ? POPULAR_SHOW_IDS : page === HOSTILE_POPULAR_PAGE ? HOSTILE_POPULAR_IDS : POPULAR_MOVIE_IDS;
    return { page, results: ids.map((id) => ({ id })), total_pages: 3, total_results: ids.length * 3 };
  }
  if ((match = path.match(/^\/movie\/(\d+)$/)) && movieIds.has(Number(match[1]))) {
    const id = Number(match[1]);
    return id === HOSTILE_MOVIE_ID ? hostileMovieDetails() : id === BROKEN_MOVIE_ID ? brokenMovieDetails()
      : id === UPCOMING_MOVIE_ID ? upcomingMovieDetails() : movieDetails(id);
  }
  if ((match = path.match(/^\/tv\/(\d+)$/)) && showIds.has(Number(match[1]))) {
    const id = Number(match[1]);
    const aired = state.aired.get(id);
    const response: Record<string, unknown> = showDetails(id, aired);
    for (const part of (query.get('append_to_response') ?? '').split(',')) {
      const season = part.match(/^season\/(\d+)$/);
      if (season) response[part] = editedSeason(id, Number(season[1]), state);
    }
    return response;
  }
  if ((match = path.match(/^\/tv\/(\d+)\/season\/(\d+)$/))) return editedSeason(Number(match[1]), Number(match[2]), state);
  if ((match = path.match(/^\/person\/(\d+)$/)) && Number(match[1]) < 100000) return personDetails(Number(match[1]));
  return undefined;
}

export async function startFakeTmdb(options: FakeTmdbOptions = {}) {
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, Failure[]>();
  const refusals = new Map<string, 404 | 500>();
  const state: FakeState = { changes: new Map(), shapes: new Map(), edits: new Map(), episodeEdits: new Map(), aired: new Map() };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/3/, '');
    requests.push({ path, query: url.searchParams, at: Date.now() });
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
      res.end(JSON.stringify(payload));
    };
    const authorised = url.searchParams.get('api_key') === FAKE_TMDB_KEY || req.headers.authorization === `Bearer ${FAKE_TMDB_TOKEN}`;
    if (!authorised) return send(401, { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false });
    const refusal = refusals.get(path);
    if (refusal === 404) return send(404, { status_code: 34, status_message: 'The resource you requested could not be found.', success: false });
    const failure = failures.get(path)?.shift() ?? (refusal === 500 ? { status: 500 as const } : undefined);
    if (failure?.status === 429) return send(429, { status_code: 25, status_message: 'Your request count is over the allowed limit.', success: false }, { 'retry-after': String(failure.retryAfter) });
    if (failure?.status === 500) return send(500, { status_code: 11, status_message: 'Internal error.', success: false });
    const payload = (options.popularMoviePages && pagedBody(path, url.searchParams, options.popularMoviePages)) ?? body(path, url.searchParams, state);
    if (payload && typeof payload === 'object' && 'error' in payload) return send(422, { ...(payload.error as object), success: false });
    if (payload === undefined) return send(404, { status_code: 34, status_message: 'The resource you requested could not be found.', success: false });
    if (options.delayMs) setTimeout(() => send(200, payload), options.delayMs);
    else send(200, payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    apiKey: FAKE_TMDB_KEY,
    bearerToken: FAKE_TMDB_TOKEN,
    requests,
    failNext(path: string, failure: Failure) {
      failures.set(path, [...(failures.get(path) ?? []), failure]);
    },
    /** The ids TMDB's change list of `list` names (whatever window is asked for). */
    setChanges(list: ChangeList, ids: number[]) {
      state.changes.set(list, ids);
    },
    /** Fields that replace the fixture's in the answer at `path` (e.g. '/movie/3'). */
    edit(path: string, fields: Record<string, unknown>) {
      state.edits.set(path, { ...state.edits.get(path), ...fields });
    },
    /** The change list of `list` claims `totalPages` pages (however many) and sends `perPage` ids on each, all unknown here. */
    misbehave(list: ChangeList, shape: ChangeListShape) {
      state.shapes.set(list, shape);
    },
    /**
     * Fields that replace those of an episode in TMDB's answers (name, overview, id, even episode_number): the
     * episode is the one the fixture numbers `episodeNumber` in season `season` of `showId`.
     */
    editEpisode(showId: number, season: number, episodeNumber: number, fields: Record<string, unknown>) {
      const key = `${showId}/${season}/${episodeNumber}`;
      state.episodeEdits.set(key, { ...state.episodeEdits.get(key), ...fields });
    },
    /** A new season `n` of show `showId` with `episodes` episodes (or more episodes in an existing one). */
    airSeason(showId: number, n: number, episodes: number) {
      state.aired.set(showId, new Map(state.aired.get(showId)).set(n, episodes));
    },
    /** Every request for `path` answers 404 (TMDB dropped it) or 500 (every retry fails), until `reset`. */
    refuse(path: string, status: 404 | 500) {
      refusals.set(path, status);
    },
    reset() {
      refusals.clear();
      failures.clear();
      state.changes.clear();
      state.shapes.clear();
      state.edits.clear();
      state.episodeEdits.clear();
      state.aired.clear();
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
