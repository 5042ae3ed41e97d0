/**
 * The web server killed (SIGKILL) during a bulk import: after a restart the job resumes from the page it had
 * stored and finishes, with no title missing or duplicated.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportJob } from '../../src/lib/admin/contract.ts';
import { FIRST_PAGED_MOVIE_ID, PAGE_SIZE, startFakeTmdb } from '../support/fake-tmdb.ts';
import { describeEachEngine, jsonRequest, reportRecovery, signedIn, waitUntil } from './support/harness.ts';

const PAGES = 3;

describeEachEngine('the web server killed during a bulk import (%s)', 'import', (fault) => {
  let tmdb: Awaited<ReturnType<typeof startFakeTmdb>>;

  beforeAll(async () => {
    // Slow enough answers that the kill lands in the middle of the job.
    tmdb = await startFakeTmdb({ popularMoviePages: PAGES, delayMs: 40 });
  });
  afterAll(async () => {
    await tmdb?.close();
  });

  it('resumes from its page after a restart and imports every title once', async () => {
    const { database } = fault;
    const tmdbEnv = { TMDB_API_BASE_URL: tmdb.baseUrl, TMDB_API_KEY: tmdb.apiKey };
    const admin = await signedIn(database.db, 'admin');
    let site = await fault.startSite(tmdbEnv);
    const started = await fetch(`${site.origin}/api/admin/import/movies`, jsonRequest(site.origin, 'POST', { page: 1, endPage: PAGES }, admin.cookie));
    expect(started.status).toBe(202);
    const job = (await started.json()) as ImportJob;

    const stored = () => database.db.selectFrom('import_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    await waitUntil('the job to store its first page', async () => (await stored()).current_page >= 2, 180_000);
    await site.kill();
    const atKill = await stored();
    expect(atKill.status).toBe('running');

    const restart = performance.now();
    const requestsBefore = tmdb.requests.length;
    site = await fault.startSite(tmdbEnv);
    const origin = site.origin;
    let polled: ImportJob | undefined;
    await waitUntil('the resumed job to finish', async () => {
      const response = await fetch(`${origin}/api/admin/import/jobs/${job.id}`, { headers: { Cookie: admin.cookie } });
      polled = (await response.json()) as ImportJob;
      return polled.status !== 'running' && polled.status !== 'queued';
    }, 240_000);
    reportRecovery(`${fault.engine}: import resumed at page ${atKill.current_page} and finished after the restart`, performance.now() - restart);

    expect(polled).toMatchObject({ status: 'done', currentPage: PAGES, skipped: [] });
    // Resumed from its stored page: the pages before it were not asked for again.
    const pagesAfter = tmdb.requests.slice(requestsBefore).filter((request) => request.path === '/movie/popular').map((request) => Number(request.query.get('page')));
    expect(Math.min(...pagesAfter)).toBe(atKill.current_page);
    const counts = await database.db.selectFrom('movies')
      .select([sql<number>`count(*)::int`.as('rows'), sql<number>`count(distinct tmdb_id)::int`.as('titles')])
      .where('tmdb_id', '>=', FIRST_PAGED_MOVIE_ID).where('tmdb_id', '<', FIRST_PAGED_MOVIE_ID + PAGES * PAGE_SIZE)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ rows: PAGES * PAGE_SIZE, titles: PAGES * PAGE_SIZE });
  });
});
