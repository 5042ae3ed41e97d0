/**
 * "Download my data" (GET /api/me/export) in its three formats, each imported into another account: the same lists,
 * ratings and history come back (all of them from our JSON; from Trakt's and Letterboxd's formats what they carry).
 */
import { unzipSync, strFromU8 } from 'fflate';
import type { Kysely } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import type { ImportReport } from '../../src/lib/transfer/contract.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { insertUser } from '../support/personal-fixtures.ts';
import { downloadExport, postImport, userRows } from '../support/transfer-fixtures.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

describeEachEngine('exporting a user\'s data', (getDb) => {
  let alice: SessionUser;
  let aliceRows: Awaited<ReturnType<typeof userRows>>;

  beforeAll(async () => {
    currentDb = getDb();
    alice = await insertUser(currentDb, 'export-alice@example.com');
    const movieA = (await insertMovie(currentDb, { title: 'Export, "Quoted" One', release_date: '1999-05-01' })).tmdb_id;
    const movieB = (await insertMovie(currentDb, { title: 'Second Export', release_date: '2012-02-02' })).tmdb_id;
    const show = (await insertShow(currentDb, { name: 'Export Show', first_air_date: '2016-06-06' })).tmdb_id;
    const at = (day: string) => new Date(`${day}T12:30:00.000Z`);
    const owner = { user_id: alice.id };
    await currentDb.insertInto('user_list_items').values([
      { ...owner, list: 'my_list', content_type: 'movie', content_tmdb_id: movieA, added_at: at('2024-01-01') },
      { ...owner, list: 'my_list', content_type: 'tv', content_tmdb_id: show, added_at: at('2024-01-02') },
      { ...owner, list: 'wishlist', content_type: 'movie', content_tmdb_id: movieB, added_at: at('2024-01-03') },
      { ...owner, list: 'wishlist', content_type: 'tv', content_tmdb_id: show, added_at: at('2024-01-04') },
    ]).execute();
    await currentDb.insertInto('user_ratings').values([
      { ...owner, content_type: 'movie', content_tmdb_id: movieA, rating: 4, updated_at: at('2024-02-01') },
      { ...owner, content_type: 'movie', content_tmdb_id: movieB, rating: 1, updated_at: at('2024-02-02') },
      { ...owner, content_type: 'tv', content_tmdb_id: show, rating: 5, updated_at: at('2024-02-03') },
    ]).execute();
    await currentDb.insertInto('watch_history').values([
      { ...owner, content_type: 'movie', content_tmdb_id: movieA, progress_percentage: 100, position_seconds: 0, last_watched_at: at('2024-03-01') },
      { ...owner, content_type: 'movie', content_tmdb_id: movieB, progress_percentage: 40, position_seconds: 1500, last_watched_at: at('2024-03-02') },
      { ...owner, content_type: 'tv', content_tmdb_id: show, season_number: 2, episode_number: 3, progress_percentage: 97, position_seconds: 2000,
        last_watched_at: at('2024-03-03') },
    ]).execute();
    aliceRows = await userRows(currentDb, alice.id);
  });

  const roundTrip = async (format: 'json' | 'trakt' | 'letterboxd', email: string) => {
    const { response, bytes } = await downloadExport(alice, format);
    expect(response.status).toBe(200);
    const other = await insertUser(currentDb, email);
    // A user's download holds their data alone.
    const own = JSON.parse(new TextDecoder().decode((await downloadExport(other, 'json')).bytes)) as { lists: unknown; ratings: unknown; history: unknown };
    expect([own.lists, own.ratings, own.history]).toEqual([{ my_list: [], wishlist: [] }, [], []]);
    const report = await (await postImport(other, bytes, response.headers.get('content-disposition')!.match(/filename="(.+)"/)![1]!)).json() as ImportReport;
    expect(report.counts).toMatchObject({ not_matched: 0, skipped: 0, updated: 0 });
    return { response, bytes, rows: await userRows(currentDb, other.id) };
  };

  it('our JSON carries everything back: both lists, ratings, and the history with its progress and episodes', async () => {
    const { response, rows } = await roundTrip('json', 'export-json@example.com');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="cinecat-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(rows).toEqual(aliceRows);
  });

  it('the Trakt format carries the Wishlist as the watchlist, every rating, and the finished titles', async () => {
    const { rows } = await roundTrip('trakt', 'export-trakt@example.com');
    expect(rows).toEqual({
      lists: aliceRows.lists.filter((item) => item.list === 'wishlist'),
      ratings: aliceRows.ratings,
      // A finished title (95 % or more) is watched: it comes back at 100 %.
      history: aliceRows.history.filter((watch) => watch.progress >= 95).map((watch) => ({ ...watch, progress: 100 })),
    });
  });

  it('the Letterboxd format is a ZIP of its CSV files that carries the films', async () => {
    const { response, bytes, rows } = await roundTrip('letterboxd', 'export-letterboxd@example.com');
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['ratings.csv', 'watched.csv', 'watchlist.csv']);
    expect(strFromU8(files['ratings.csv']!).split('\n')[0]).toBe('Date,Name,Year,Letterboxd URI,Rating,tmdbID');
    expect(strFromU8(files['ratings.csv']!)).toContain('2024-02-01,"Export, ""Quoted"" One",1999,,4,');
    const films = <T extends { type: string }>(items: T[]) => items.filter((item) => item.type === 'movie');
    expect(rows).toEqual({
      lists: films(aliceRows.lists.filter((item) => item.list === 'wishlist')),
      ratings: films(aliceRows.ratings),
      // Letterboxd keeps days: a watch comes back at midnight of its day.
      history: films(aliceRows.history).filter((watch) => watch.progress >= 95).map((watch) => ({ ...watch, watchedAt: `${watch.watchedAt.slice(0, 10)}T00:00:00.000Z` })),
    });
  });
});
