import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engineUnavailableReason, type TestDatabase } from '../support/engines.ts';
import { publishWaits } from '../support/publishing.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { BROKEN_MOVIE_ID, HOSTILE_POPULAR_PAGE, WATCH_REGIONS } from '../support/tmdb-fixtures/index.ts';

const run = promisify(execFile);
const reason = engineUnavailableReason('postgres');

describe.skipIf(reason !== null)('npm run import (CLI against the fake TMDB and a real PostgreSQL)', () => {
  let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
  let testDb: TestDatabase;
  beforeAll(async () => {
    fake = await startFakeTmdb();
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await fake?.close();
    await testDb?.destroy();
  });

  const cli = (args: string[], env: Record<string, string>) => run(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], {
    env: { ...process.env, DATABASE_URL: (testDb.settings as { url: string }).url, TMDB_API_BASE_URL: fake.baseUrl, ...env },
  });

  it('imports popular pages and a single show, printing a summary', async () => {
    const { stdout } = await cli(['movies', '--pages', '1-2'], { TMDB_API_KEY: fake.apiKey });
    expect(stdout).toContain('page 1: 5 title(s) (1/2)');
    expect(stdout).toMatch(/Imported 10 title\(s\) from 2 page\(s\): 5 created, 5 updated in [\d.]+s\./);
    const show = await cli(['show', '1399'], { TMDB_API_KEY: fake.bearerToken });
    expect(show.stdout).toMatch(/Imported 1 title\(s\) from 0 page\(s\): 1 created, 0 updated/);
    const movies = await testDb.db.selectFrom('movies').select('tmdb_id').orderBy('tmdb_id').execute();
    expect(movies.map((m) => m.tmdb_id)).toEqual([1, 2, 3, 4, 5]);
    expect(await testDb.db.selectFrom('tv_show_episodes').select('id').execute()).toHaveLength(6);
    // Every region's watch providers, of the movies and of the show.
    const regions = await testDb.db.selectFrom('title_watch_regions').select(['content_type', 'region']).distinct().orderBy('content_type').orderBy('region').execute();
    expect(regions).toEqual([...WATCH_REGIONS.map((region) => ({ content_type: 'movie', region })), ...WATCH_REGIONS.map((region) => ({ content_type: 'tv', region }))]);
  }, 60_000);

  it('exits 1 with a clear message without a key or with a bad one', async () => {
    await expect(cli(['movie', '550'], { TMDB_API_KEY: '' })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('TMDB_API_KEY is not set') });
    await expect(cli(['movie', '550'], { TMDB_API_KEY: 'bad' }))
      .rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('TMDB rejected the API key (check TMDB_API_KEY).') });
    await expect(cli(['movies', '--pages', '3-1'], { TMDB_API_KEY: fake.apiKey })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Invalid page numbers') });
  }, 60_000);

  it('skips a title TMDB sends unusable data for, goes on, and lists it with its reason in the summary', async () => {
    const { stdout } = await cli(['movies', '--pages', String(HOSTILE_POPULAR_PAGE)], { TMDB_API_KEY: fake.apiKey });
    expect(stdout).toContain(`page ${HOSTILE_POPULAR_PAGE}: 3 title(s), 1 skipped (1/1)`);
    expect(stdout).toMatch(/Imported 3 title\(s\) from 1 page\(s\)/);
    expect(stdout).toContain(`Skipped 1 title(s):\n  TMDB ${BROKEN_MOVIE_ID}: TMDB sent a movie with id ${BROKEN_MOVIE_ID} we cannot read (title: `);
  }, 60_000);

  it('publishes after an import, and `sync` refreshes what TMDB changed and publishes after each page; neither asks for a rebuild', async () => {
    const waits = await publishWaits(testDb.db);
    const imported = await cli(['movie', '550'], { TMDB_API_KEY: fake.apiKey });
    expect(imported.stdout).toContain('A running `npm start` shows the changes within seconds; on Netlify, set SITE_ID and NETLIFY_PURGE_API_TOKEN to purge its CDN from here.');
    expect(await publishWaits(testDb.db) - waits).toBe(1);
    expect(await testDb.db.selectFrom('catalogue_changes').select('table_name').where('table_name', '=', 'movies').executeTakeFirst()).toEqual({ table_name: 'movies' });

    fake.setChanges('movie', [550, 4_000_000]);
    fake.edit('/movie/550', { vote_average: 8.8 });
    const { stdout } = await cli(['sync'], { TMDB_API_KEY: fake.apiKey });
    expect(stdout).toMatch(/Synced TMDB's changes from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: 1 movie\(s\), 0 show\(s\) \(0 new episode\(s\)\), 0 person\(s\) refreshed\.\n  movie 550: Movie 550\n/);
    expect(await testDb.db.selectFrom('movies').select('vote_average').where('tmdb_id', '=', 550).executeTakeFirstOrThrow()).toEqual({ vote_average: 8.8 });
    // The movie, TV and person change lists: one page each.
    expect(await publishWaits(testDb.db) - waits).toBe(1 + 3);
    expect(await testDb.db.selectFrom('rebuild_requests').select('id').execute()).toEqual([]);
    expect(await testDb.db.selectFrom('tmdb_syncs').select(['trigger', 'status']).execute()).toEqual([{ trigger: 'cli', status: 'done' }]);
  }, 60_000);
});
