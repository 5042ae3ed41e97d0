import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { publishWaits } from '../support/publishing.ts';
import { CHANGES_PAGE_SIZE, startFakeTmdb } from '../support/fake-tmdb.ts';
import { callEndpoint } from '../support/personal-fixtures.ts';
import { createTmdbClient, type TmdbClient } from '../../src/lib/tmdb/client.ts';
import { MAX_TMDB_PAGE, type SyncStatus, type TmdbSync } from '../../src/lib/admin/contract.ts';
import { importMovie, importShow } from '../../src/lib/tmdb/importer.ts';
import { STALE_AFTER_MS } from '../../src/lib/tmdb/jobs.ts';
import { createSync, latestSync, runSync, SYNC_RUNNING } from '../../src/lib/tmdb/sync.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const syncRoute = await import('../../src/pages/api/admin/sync.ts');
const ADMIN = { id: '00000000-0000-0000-0000-000000000002', email: 'admin@example.com', role: 'admin' as const };

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });
afterEach(() => vi.unstubAllEnvs());

const client = () => createTmdbClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 5, requestsPerSecond: 500 });
/** Ids TMDB changed that were never imported here. */
const unknownIds = (count: number, from = 3_000_000) => Array.from({ length: count }, (_, i) => from + i);

async function runNewSync(db: Kysely<Database>, tmdb: TmdbClient = client()): Promise<TmdbSync> {
  const { sync } = await createSync(db, 'admin');
  await runSync(db, tmdb, sync.id);
  return (await latestSync(db))!;
}
const requestsSince = (index: number) => fake.requests.slice(index).map((request) => request.path);
const movie = (db: Kysely<Database>, tmdbId: number) => db.selectFrom('movies').selectAll().where('tmdb_id', '=', tmdbId).executeTakeFirstOrThrow();

describeEachEngine('TMDB sync', (getDb) => {
  beforeAll(async () => {
    const db = getDb();
    for (const id of [1, 2, 3]) await importMovie(db, client(), id);
    for (const id of [1399, 1400]) await importShow(db, client(), id);
  });
  beforeEach(async () => {
    fake.reset();
    await getDb().deleteFrom('tmdb_syncs').execute();
    await getDb().deleteFrom('rebuild_requests').execute();
  });

  it('refreshes a changed movie\'s rating and overview, keeps the admin\'s links and publish state, and leaves unchanged and unknown ids alone', async () => {
    const db = getDb();
    await db.updateTable('movies').set({ stream_url: 'https://stream.example/2', is_published: false }).where('tmdb_id', '=', 2).execute();
    fake.setChanges('movie', [2, ...unknownIds(3)]);
    fake.edit('/movie/2', { vote_average: 9.1, vote_count: 5000, overview: 'A new overview for 2' });
    fake.edit('/movie/1', { overview: 'Changed on TMDB, but not in the change list' });
    const before = fake.requests.length;
    const waits = await publishWaits(db);

    const sync = await runNewSync(db);

    expect(sync).toMatchObject({ status: 'done', error: null, skipped: [],
      changes: { movies: 1, shows: 0, episodes: 0, people: 0, recent: [{ type: 'movie', tmdbId: 2, name: 'Movie 2' }] } });
    expect(await movie(db, 2)).toMatchObject({ vote_average: 9.1, vote_count: 5000, overview: 'A new overview for 2',
      stream_url: 'https://stream.example/2', is_published: false });
    expect((await movie(db, 1)).overview).toBe('Overview 1');
    // One page per change list, then only the title we have.
    expect(requestsSince(before)).toEqual(['/movie/changes', '/movie/2', '/tv/changes', '/person/changes']);
    const listQuery = fake.requests[before]!.query;
    expect(listQuery.get('page')).toBe('1');
    expect(listQuery.get('start_date')).toBe(sync.since.slice(0, 10));
    expect(listQuery.get('end_date')).toBe(sync.until.slice(0, 10));
    // Its pages are published after each of the three pages of changes it stored.
    expect(await publishWaits(db) - waits).toBe(3);
  });

  it('gives a running show its new season and episodes, keeping the episode links the admin entered', async () => {
    const db = getDb();
    const show = await db.selectFrom('tv_shows').select('id').where('tmdb_id', '=', 1400).executeTakeFirstOrThrow();
    await db.updateTable('tv_show_episodes').set({ stream_url: 'https://stream.example/s1e1' })
      .where('tv_show_id', '=', show.id).where('season_number', '=', 1).where('episode_number', '=', 1).execute();
    fake.airSeason(1400, 2, 3);
    fake.setChanges('tv', [1400]);

    const sync = await runNewSync(db);

    expect(sync.changes).toEqual({ movies: 0, shows: 1, episodes: 3, people: 0, recent: [{ type: 'tv', tmdbId: 1400, name: 'Show 1400', newEpisodes: 3 }] });
    const episodes = await db.selectFrom('tv_show_episodes').select(['season_number', 'episode_number', 'name', 'stream_url'])
      .where('tv_show_id', '=', show.id).orderBy('season_number').orderBy('episode_number').execute();
    expect(episodes.map((e) => e.name)).toEqual(['S1E1', 'S1E2', 'S2E1', 'S2E2', 'S2E3']);
    expect(episodes[0]!.stream_url).toBe('https://stream.example/s1e1');
    expect(await db.selectFrom('tv_shows').select('number_of_seasons').where('id', '=', show.id).executeTakeFirstOrThrow()).toEqual({ number_of_seasons: 2 });
  });

  it('refreshes a changed person\'s details and asks nothing about people we do not list', async () => {
    const db = getDb();
    fake.setChanges('person', [99_999, 5002]);
    fake.edit('/person/5002', { name: 'Renamed 5002', biography: 'A new biography' });
    const before = fake.requests.length;

    const sync = await runNewSync(db);

    expect(sync.changes).toMatchObject({ people: 1, recent: [{ type: 'person', tmdbId: 5002, name: 'Renamed 5002' }] });
    expect(await db.selectFrom('people').select(['name', 'biography', 'birthday', 'twitter_id']).where('id', '=', 5002).executeTakeFirstOrThrow())
      .toEqual({ name: 'Renamed 5002', biography: 'A new biography', birthday: '1970-01-01', twitter_id: 'tw5002' });
    expect(requestsSince(before)).not.toContain('/person/99999');
  });

  it('skips and reports what TMDB refuses or sends broken, writing nothing of it, and goes on', async () => {
    const db = getDb();
    const snapshot = async () => ({
      movies: await db.selectFrom('movies').selectAll().where('tmdb_id', 'in', [1, 2]).orderBy('tmdb_id').execute(),
      show: await db.selectFrom('tv_shows').selectAll().where('tmdb_id', '=', 1399).executeTakeFirstOrThrow(),
      episodes: await db.selectFrom('tv_show_episodes').select(['name']).orderBy('id').execute(),
    });
    const before = await snapshot();
    fake.setChanges('movie', [1, 2, 3]);
    fake.refuse('/movie/1', 404);
    fake.refuse('/movie/2', 500);
    fake.edit('/movie/3', { overview: 'Refreshed 3' });
    // The show's details arrive, then its seasons are unreadable: the details must not be written alone.
    fake.setChanges('tv', [1399]);
    fake.edit('/tv/1399', { name: 'Renamed 1399', 'season/1': { season_number: 'one' } });

    const sync = await runNewSync(db);

    expect(sync.status).toBe('done');
    expect(sync.skipped).toEqual([
      { type: 'movie', tmdbId: 1, reason: 'TMDB has no movie with id 1.' },
      { type: 'movie', tmdbId: 2, reason: 'TMDB request failed (500) after 4 attempts.' },
      { type: 'tv', tmdbId: 1399, reason: 'TMDB sent a season 1 of TV show 1399 we cannot read (season_number: Invalid input: expected number, received string).' },
    ]);
    expect(sync.changes).toMatchObject({ movies: 1, shows: 0, recent: [{ type: 'movie', tmdbId: 3, name: 'Movie 3' }] });
    expect((await movie(db, 3)).overview).toBe('Refreshed 3');
    expect(await snapshot()).toEqual(before);
  });

  it('resumes a sync whose worker died from the page it was on, publishing after every page', async () => {
    const db = getDb();
    // Movie 1 is on the first page of changes, movie 3 on the second.
    fake.setChanges('movie', [1, ...unknownIds(CHANGES_PAGE_SIZE), 3]);
    fake.edit('/movie/1', { overview: 'Page one' });
    fake.edit('/movie/3', { overview: 'Page two' });
    const tmdb = client();
    let kill!: (error: Error) => void;
    const dying: TmdbClient = {
      get: (path, params, what) => (path === '/movie/changes' && params?.page === 2
        ? new Promise((_, reject) => { kill = reject; })
        : tmdb.get(path, params, what)),
    };
    const { sync } = await createSync(db, 'schedule');
    const first = runSync(db, dying, sync.id);
    await expect.poll(async () => (await latestSync(db))!.currentPage, { timeout: 30_000 }).toBe(2);
    // The first worker is stuck (its function was stopped): once silent for long enough, the sync is stale.
    await db.updateTable('tmdb_syncs').set({ updated_at: new Date(Date.now() - STALE_AFTER_MS - 60_000) }).where('id', '=', sync.id).execute();
    const before = fake.requests.length;
    const waits = await publishWaits(db);

    expect((await createSync(db, 'admin')).sync.id).toBe(sync.id); // a new start resumes it
    await runSync(db, tmdb, sync.id);
    kill(new Error('the function was stopped'));
    await first;

    expect(requestsSince(before)).toEqual(['/movie/changes', '/movie/3', '/tv/changes', '/person/changes']);
    expect(fake.requests[before]!.query.get('page')).toBe('2');
    const done = (await latestSync(db))!;
    // The stopped worker's failure came after the take-over and changed nothing.
    expect(done).toMatchObject({ status: 'done', error: null, changes: { movies: 2 } });
    expect(done.changes.recent.map((item) => item.tmdbId)).toEqual([3, 1]);
    expect((await movie(db, 1)).overview).toBe('Page one');
    expect((await movie(db, 3)).overview).toBe('Page two');
    expect(await publishWaits(db) - waits).toBe(3);
  });

  it('stops at TMDB\'s last page (500) when a change list claims endless pages', async () => {
    const db = getDb();
    fake.misbehave('movie', { totalPages: 2 ** 31 - 1, perPage: CHANGES_PAGE_SIZE });
    const before = fake.requests.length;

    const sync = await runNewSync(db);

    expect(sync).toMatchObject({ status: 'done', error: null });
    const movieListPages = fake.requests.slice(before).filter((request) => request.path === '/movie/changes').map((request) => request.query.get('page'));
    expect(movieListPages).toHaveLength(MAX_TMDB_PAGE);
    expect(movieListPages.at(-1)).toBe(String(MAX_TMDB_PAGE));
    expect(requestsSince(before).slice(-2)).toEqual(['/tv/changes', '/person/changes']);
  }, 120_000);

  it('reads at most the 100 ids a change page holds when TMDB sends more', async () => {
    const db = getDb();
    // More ids than one query may name (65,535 parameters): read whole, the page would fail the sync.
    fake.misbehave('tv', { totalPages: 1, perPage: 70_000 });

    expect(await runNewSync(db)).toMatchObject({ status: 'done', error: null, list: 'person' });
  });

  it('runs one sync at a time, reads the days since the last one, and at most the 14 days TMDB keeps', async () => {
    const db = getDb();
    const now = new Date('2026-11-20T04:00:00Z');
    const { sync: first } = await createSync(db, 'cli', now);
    await expect(createSync(db, 'admin')).rejects.toThrow(SYNC_RUNNING);
    await db.updateTable('tmdb_syncs').set({ status: 'done' }).where('id', '=', first.id).execute();
    const { sync: second } = await createSync(db, 'schedule', new Date('2026-11-21T04:00:00Z'));
    expect(new Date(second.since)).toEqual(now);
    await db.updateTable('tmdb_syncs').set({ status: 'done' }).where('id', '=', second.id).execute();
    const { sync: late } = await createSync(db, 'schedule', new Date('2026-12-31T04:00:00Z'));
    expect(new Date(late.since)).toEqual(new Date('2026-12-17T04:00:00Z'));
  });

  it('the dashboard shows the last sync and can start one, which requests no rebuild', async () => {
    const db = getDb();
    currentDb = db;
    const get = () => callEndpoint(syncRoute.GET, ADMIN, 'GET', '/api/admin/sync');
    expect(await (await get()).json()).toEqual({ latest: null });
    vi.stubEnv('TMDB_API_KEY', fake.apiKey);
    vi.stubEnv('TMDB_API_BASE_URL', fake.baseUrl);
    fake.setChanges('movie', unknownIds(2));
    const started = await callEndpoint(syncRoute.POST, ADMIN, 'POST', '/api/admin/sync', { body: {}, headers: { 'Content-Type': 'application/json' } });
    expect(started.status).toBe(202);
    // The sync runs while the answer is made: it may already be past its first list, or done.
    const answered = ((await started.json()) as SyncStatus).latest!;
    expect(answered.trigger).toBe('admin');
    expect(['queued', 'running', 'done']).toContain(answered.status);
    await expect.poll(async () => ((await (await get()).json()) as SyncStatus).latest?.status, { timeout: 30_000 }).toBe('done');
    const shown = ((await (await get()).json()) as SyncStatus).latest!;
    expect(shown.id).toBe(answered.id);
    expect(shown).toMatchObject({ changes: { movies: 0, shows: 0, episodes: 0, people: 0, recent: [] }, skipped: [] });
    expect(Date.parse(shown.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(shown.createdAt));
    expect(await db.selectFrom('rebuild_requests').select('id').execute()).toEqual([]);
  });
});
