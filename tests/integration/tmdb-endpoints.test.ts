import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine, ENGINE_NAMES } from '../support/engines.ts';
import { publishWaits } from '../support/publishing.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { callEndpoint } from '../support/personal-fixtures.ts';
import { insertMovie, insertPerson } from '../support/catalogue-fixtures.ts';
import type { ActiveImport, ImportJob } from '../../src/lib/admin/contract.ts';
import { STALE_AFTER_MS } from '../../src/lib/tmdb/import-jobs.ts';
import { isSignedJob, JOB_SIGNATURE_HEADER } from '../../src/lib/tmdb/job-signature.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

const routes = {
  import: { movie: (await import('../../src/pages/api/admin/import/movies.ts')).POST, tv: (await import('../../src/pages/api/admin/import/tv.ts')).POST },
  importJob: (await import('../../src/pages/api/admin/import/jobs/[id].ts')).GET,
  activeImport: (await import('../../src/pages/api/admin/import/jobs/index.ts')).GET,
  add: { movie: (await import('../../src/pages/api/admin/movies/add.ts')).POST, tv: (await import('../../src/pages/api/admin/tv/add.ts')).POST },
  person: (await import('../../src/pages/api/person/[id].ts')).GET,
};
const ADMIN = { id: '00000000-0000-0000-0000-000000000002', email: 'admin@example.com', role: 'admin' as const };
import { BROKEN_MOVIE_ID, HOSTILE_MARKUP, HOSTILE_MOVIE_ID, HOSTILE_POPULAR_PAGE, HOSTILE_TITLE } from '../support/tmdb-fixtures/index.ts';

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });

afterEach(() => vi.unstubAllEnvs());

const post = (body: unknown, type = 'application/json') => ({ body, type });
type Post = ReturnType<typeof post>;
/** TMDB configured (the fake) or not, as the settings say; or configured with a key TMDB rejects. */
const TMDB = true;
const REJECTED_KEY = { apiKey: 'rejected-key' };
type Tmdb = boolean | typeof REJECTED_KEY;

async function call(route: APIRoute, db: Kysely<Database>, tmdb: Tmdb, method: string, path: string, request?: Post, params?: Record<string, string>, clientAddress?: string) {
  currentDb = db;
  vi.stubEnv('TMDB_API_KEY', typeof tmdb === 'object' ? tmdb.apiKey : tmdb ? fake.apiKey : '');
  vi.stubEnv('TMDB_API_BASE_URL', fake.baseUrl);
  return callEndpoint(route, ADMIN, method, path, { body: request?.body, headers: request ? { 'Content-Type': request.type } : {}, params, clientAddress });
}
const bulkImport = (request: Post, db: Kysely<Database>, tmdb: Tmdb, kind: 'movie' | 'tv') => call(routes.import[kind], db, tmdb, 'POST', `/api/admin/import/${kind}`, request);
const importJob = (id: string, db: Kysely<Database>, tmdb: Tmdb = TMDB) => call(routes.importJob, db, tmdb, 'GET', `/api/admin/import/jobs/${id}`, undefined, { id });
const activeImport = async (db: Kysely<Database>) => (await (await call(routes.activeImport, db, TMDB, 'GET', '/api/admin/import/jobs')).json()) as ActiveImport;
/** Polls a job, as the panel does, until it ends. */
async function finished(db: Kysely<Database>, id: number): Promise<ImportJob> {
  for (;;) {
    const job = (await (await importJob(String(id), db)).json()) as ImportJob;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const add = (request: Post, db: Kysely<Database>, tmdb: boolean, kind: 'movie' | 'tv') => call(routes.add[kind], db, tmdb, 'POST', `/api/admin/${kind}/add`, request);
const personDetails = (id: string, db: Kysely<Database>, tmdb: boolean, clientAddress?: string) =>
  call(routes.person, db, tmdb, 'GET', `/api/person/${id}`, undefined, { id }, clientAddress);
const tmdbCallsFor = (path: string) => fake.requests.filter((request) => request.path === path).length;

/** A name-only people row (as imports leave them), credited in a published movie when `listed`. */
async function addNameOnlyPerson(db: Kysely<Database>, id: number, listed = true) {
  await insertPerson(db, id, `Person ${id}`);
  const movie = await insertMovie(db, { is_published: listed });
  await db.insertInto('movie_credits').values({ movie_id: movie.id, person_id: id, credit_order: 0, character_name: 'Extra' }).execute();
}

describeEachEngine('TMDB admin endpoints', (getDb, engine) => {
  // Person ids unique to this engine's run: the proxy remembers TMDB's refusals per process.
  const personId = (base: number) => base + 10 * ENGINE_NAMES.indexOf(engine);
  it('bulk import starts a job (202) that imports page by page and ends done with its progress', async () => {
    const db = getDb();
    const waits = await publishWaits(db);
    const started = await bulkImport(post({ page: 1, endPage: 2 }), db, TMDB, 'movie');
    expect(started.status).toBe(202);
    const job = (await started.json()) as ImportJob;
    expect(job).toMatchObject({ kind: 'movie', startPage: 1, endPage: 2, currentPage: 1, processed: 0, skipped: [], error: null });
    expect(['queued', 'running']).toContain(job.status);
    // The fake lists five movies per page: two pages process ten.
    expect(await finished(db, job.id)).toMatchObject({ status: 'done', currentPage: 2, processed: 10, skipped: [], error: null });
    const imported = await db.selectFrom('movies').select('tmdb_id').where('tmdb_id', 'in', [1, 2, 3, 4, 5]).orderBy('tmdb_id').execute();
    expect(imported.map((movie) => movie.tmdb_id)).toEqual([1, 2, 3, 4, 5]);
    // Each page's titles are published as the job stores its progress.
    await vi.waitFor(async () => expect(await publishWaits(db) - waits).toBe(2), { timeout: 10_000 });

    const tv = (await (await bulkImport(post({ page: 2, endPage: 2 }), db, TMDB, 'tv')).json()) as ImportJob;
    expect(await finished(db, tv.id)).toMatchObject({ kind: 'tv', status: 'done', currentPage: 2, processed: 2 });
  });

  it('bulk import refuses bad pages, an unconfigured TMDB and unknown jobs without creating a job', async () => {
    const db = getDb();
    const jobsBefore = await db.selectFrom('import_jobs').select('id').execute();
    const bad = await bulkImport(post({ page: 3, endPage: 1 }), db, TMDB, 'movie');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid page numbers.' });
    const unconfigured = await bulkImport(post({ page: 1, endPage: 1 }), db, false, 'movie');
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toEqual({ error: 'TMDB is not configured (set TMDB_API_KEY).' });
    expect(await db.selectFrom('import_jobs').select('id').execute()).toEqual(jobsBefore);
    const unknown = await importJob('424242', db);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Import job not found.' });
    expect((await importJob('abc', db)).status).toBe(400);
  });

  it('a bulk import job whose TMDB rejects the key ends failed with the reason', async () => {
    const db = getDb();
    const job = (await (await bulkImport(post({ page: 1, endPage: 3 }), db, REJECTED_KEY, 'movie')).json()) as ImportJob;
    expect(await finished(db, job.id)).toMatchObject({
      status: 'failed', currentPage: 1, processed: 0, error: 'TMDB rejected the API key (check TMDB_API_KEY).',
    });
  });

  it('a running job that stopped making progress (its worker died) resumes from its current page on the next poll', async () => {
    const db = getDb();
    const staleSince = new Date(Date.now() - STALE_AFTER_MS - 60_000);
    const stale = await db.insertInto('import_jobs').values({
      kind: 'movie', start_page: 1, end_page: 2, current_page: 2, processed: 5, status: 'running', updated_at: staleSince,
      skipped: JSON.stringify([{ tmdbId: 99, reason: 'earlier page' }]),
    }).returning('id').executeTakeFirstOrThrow();
    expect(await finished(db, stale.id)).toMatchObject({
      status: 'done', currentPage: 2, processed: 10, skipped: [{ tmdbId: 99, reason: 'earlier page' }],
    });
    // A live worker's job is left to it.
    const live = await db.insertInto('import_jobs').values({ kind: 'movie', start_page: 1, end_page: 1, current_page: 1, status: 'running' })
      .returning('id').executeTakeFirstOrThrow();
    expect(await (await importJob(String(live.id), db)).json()).toMatchObject({ status: 'running', processed: 0 });
    expect(await db.selectFrom('import_jobs').select('attempt').where('id', '=', live.id).executeTakeFirstOrThrow()).toEqual({ attempt: 0 });
    await db.updateTable('import_jobs').set({ status: 'failed' }).where('id', '=', live.id).execute();
  });

  it('one import at a time: a start while a job runs answers 409 with that job and adds none; the panel can ask for it', async () => {
    const db = getDb();
    expect(await activeImport(db)).toEqual({ job: null });
    // A live worker's job (touched just now), as another admin's import would be.
    const live = await db.insertInto('import_jobs').values({ kind: 'tv', start_page: 3, end_page: 4, current_page: 3, status: 'running' })
      .returning('id').executeTakeFirstOrThrow();
    const jobsBefore = await db.selectFrom('import_jobs').select('id').execute();
    for (const kind of ['movie', 'tv'] as const) {
      const refused = await bulkImport(post({ page: 1, endPage: 1 }), db, TMDB, kind);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: 'An import is already running (TV, pages 3-4).', job: { id: live.id, kind: 'tv', status: 'running' } });
    }
    expect(await db.selectFrom('import_jobs').select('id').execute()).toEqual(jobsBefore);
    expect(await activeImport(db)).toMatchObject({ job: { id: live.id, startPage: 3, endPage: 4, status: 'running' } });
    await db.updateTable('import_jobs').set({ status: 'done' }).where('id', '=', live.id).execute();
    expect(await activeImport(db)).toEqual({ job: null });

    // Two starts at once: the database lets one in.
    const answers = await Promise.all([1, 2].map(() => bulkImport(post({ page: 1, endPage: 1 }), db, TMDB, 'movie')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const started = (await answers.find((answer) => answer.status === 202)!.json()) as ImportJob;
    expect(await finished(db, started.id)).toMatchObject({ status: 'done', processed: 5 });
  });

  it('a new start resumes a job whose worker died and that nobody polls any more, and answers 409 with it', async () => {
    const db = getDb();
    const abandoned = await db.insertInto('import_jobs').values({
      kind: 'tv', start_page: 2, end_page: 2, current_page: 2, status: 'running', updated_at: new Date(Date.now() - STALE_AFTER_MS - 60_000),
    }).returning('id').executeTakeFirstOrThrow();
    const refused = await bulkImport(post({ page: 1, endPage: 1 }), db, TMDB, 'movie');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ job: { id: abandoned.id } });
    // Read from the table, not polled (a poll would resume it itself).
    const row = () => db.selectFrom('import_jobs').select(['status', 'processed', 'attempt']).where('id', '=', abandoned.id).executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect(await row()).toEqual({ status: 'done', processed: 2, attempt: 1 }), { timeout: 10_000 });
    const started = (await (await bulkImport(post({ page: 1, endPage: 1 }), db, TMDB, 'movie')).json()) as ImportJob;
    expect(await finished(db, started.id)).toMatchObject({ status: 'done', processed: 5 });
  });

  it('on Netlify the job is handed to the background function, and fails with the reason when it cannot be started', async () => {
    const db = getDb();
    const calls: string[] = [];
    let answer = 202;
    const site = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => { body += chunk; });
      request.on('end', () => {
        const signed = isSignedJob('import_jobs', Number(JSON.parse(body).id), String(request.headers[JOB_SIGNATURE_HEADER.toLowerCase()]));
        calls.push(`${request.method} ${request.url} ${body} ${signed ? 'signed' : 'unsigned'}`);
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      vi.stubEnv('NETLIFY', 'true');
      vi.stubEnv('AUTH_SECRET', 'integration-secret-integration-secret');
      vi.stubEnv('URL', `http://127.0.0.1:${(site.address() as AddressInfo).port}`);
      const job = (await (await bulkImport(post({ page: 1, endPage: 1 }), db, TMDB, 'movie')).json()) as ImportJob;
      expect(job.status).toBe('queued');
      expect(calls).toEqual([`POST /.netlify/functions/import-background {"id":${job.id}} signed`]);
      // The fake function never runs it: end it as its worker would.
      await db.updateTable('import_jobs').set({ status: 'done' }).where('id', '=', job.id).execute();

      answer = 500;
      const unstarted = await bulkImport(post({ page: 1, endPage: 1 }), db, TMDB, 'movie');
      expect(unstarted.status).toBe(202);
      expect(await unstarted.json()).toMatchObject({ status: 'failed', error: 'Could not start the import: the background function answered 500.' });
    } finally {
      site.close();
    }
  });

  it('adds a movie with admin URLs, and refuses bad input and unknown ids', async () => {
    const db = getDb();
    const ok = await add(post({ tmdbId: 550, streamUrl: 'https://s.example/550', downloadUrl: null }), db, TMDB, 'movie');
    expect(await ok.json()).toMatchObject({ message: 'Content added successfully!' });
    expect(await db.selectFrom('movies').select('stream_url').where('tmdb_id', '=', 550).executeTakeFirst()).toEqual({ stream_url: 'https://s.example/550' });
    const badUrl = await add(post({ tmdbId: 551, streamUrl: 'not a url' }), db, TMDB, 'movie');
    expect(badUrl.status).toBe(400);
    // Only http(s) or site-relative links, as everywhere an admin enters one: never a script URL.
    expect((await add(post({ tmdbId: 551, streamUrl: 'javascript:alert(1)' }), db, TMDB, 'movie')).status).toBe(400);
    expect((await add(post({ tmdbId: 0 }), db, TMDB, 'tv')).status).toBe(400);
    expect((await add(post({ tmdbId: 1 }, 'text/plain'), db, TMDB, 'tv')).status).toBe(415);
    const missing = await add(post({ tmdbId: 424242 }), db, TMDB, 'tv');
    expect(await missing.json()).toEqual({ error: 'TMDB has no TV show with id 424242.' });
    expect(await db.selectFrom('movies').select('id').where('tmdb_id', '=', 551).executeTakeFirst()).toBeUndefined();
  });

  it('person proxy answers from TMDB when needed, and 404s with the spec message', async () => {
    const db = getDb();
    await addNameOnlyPerson(db, 31);
    await addNameOnlyPerson(db, 123456);
    const person = await personDetails('31', db, TMDB);
    expect(await person.json()).toMatchObject({ id: 31, name: 'Person 31', biography: 'Biography 31', externalIds: { twitterId: 'tw31' } });
    const missing = await personDetails('123456', db, TMDB);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Actor not found.' });
    // Without TMDB our row answers for someone we list, and nobody else is found.
    expect(await (await personDetails('123456', db, false)).json()).toMatchObject({ id: 123456, name: 'Person 123456', biography: null });
    expect((await personDetails('654321', db, false)).status).toBe(404);
  });

  it('person proxy answers 404 for anyone not in the catalogue, without asking TMDB', async () => {
    const db = getDb();
    const unlisted = personId(50);
    await addNameOnlyPerson(db, unlisted, false); // credited only in an unpublished movie
    for (const id of [unlisted, personId(51)]) { // the second has no row at all
      const before = fake.requests.length;
      const answer = await personDetails(String(id), db, TMDB);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: 'Actor not found.' });
      expect(fake.requests.length).toBe(before);
    }
  });

  it('person proxy asks TMDB once for a listed name-only person, then answers from the row', async () => {
    const db = getDb();
    const id = personId(52);
    await addNameOnlyPerson(db, id);
    const before = tmdbCallsFor(`/person/${id}`);
    for (let i = 0; i < 3; i++) {
      expect(await (await personDetails(String(id), db, TMDB)).json()).toMatchObject({ id, biography: `Biography ${id}` });
    }
    expect(tmdbCallsFor(`/person/${id}`)).toBe(before + 1);
  });

  it('person details fetched on demand do not make every process reload the catalogue; a rename still does', async () => {
    const db = getDb();
    const id = personId(55);
    await addNameOnlyPerson(db, id);
    const version = async () => Number((await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
    const before = await version();
    expect(await (await personDetails(String(id), db, TMDB)).json()).toMatchObject({ id, biography: `Biography ${id}` });
    expect(await version()).toBe(before);
    await db.updateTable('people').set({ name: 'Renamed' }).where('id', '=', id).execute();
    expect(await version()).toBe(before + 1);
  });

  it('person proxy gives up on endless 429s with an upstream error, and does not ask again at once', async () => {
    const db = getDb();
    const id = personId(53);
    await addNameOnlyPerson(db, id);
    for (let i = 0; i < 20; i++) fake.failNext(`/person/${id}`, { status: 429, retryAfter: 0 });
    const answer = await personDetails(String(id), db, TMDB);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({ error: 'TMDB request failed (429) after 4 attempts.' });
    expect(tmdbCallsFor(`/person/${id}`)).toBe(4);
    expect((await personDetails(String(id), db, TMDB)).status).toBe(502);
    expect(tmdbCallsFor(`/person/${id}`)).toBe(4);
  });

  it('person proxy limits each client, with the spec message', async () => {
    const db = getDb();
    await addNameOnlyPerson(db, personId(54));
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await personDetails(String(personId(54)), db, TMDB, '203.0.113.9')).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const limited = await personDetails(String(personId(54)), db, TMDB, '203.0.113.9');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Too many attempts. Please try again later.' });
    expect((await personDetails(String(personId(54)), db, TMDB, '203.0.113.10')).status).toBe(200);
  });

  it('person proxy refuses ids outside int4 with 400, never 500', async () => {
    const db = getDb();
    for (const id of ['3000000000', '1e308', '0', 'abc']) {
      const answer = await personDetails(id, db, TMDB);
      expect(answer.status, id).toBe(400);
      expect(await answer.json(), id).toEqual({ error: 'Invalid actor id.' });
    }
  });

  it('person proxy keeps the details TMDB gave for a person we list (imports bring names only)', async () => {
    const db = getDb();
    await addNameOnlyPerson(db, 32);
    const answer = await personDetails('32', db, TMDB);
    expect(await answer.json()).toMatchObject({ id: 32, biography: 'Biography 32', birthday: '1970-01-01' });
    expect(await db.selectFrom('people').select(['biography', 'birthday', 'place_of_birth', 'twitter_id', 'instagram_id']).where('id', '=', 32).executeTakeFirstOrThrow())
      .toEqual({ biography: 'Biography 32', birthday: '1970-01-01', place_of_birth: 'Somewhere', twitter_id: 'tw32', instagram_id: 'ig32' });
    // Now answered from our row, without asking TMDB again.
    expect(await (await personDetails('32', db, false)).json()).toMatchObject({ biography: 'Biography 32' });
  });

  it('adds a title whose text carries a NUL byte and markup: the NUL is dropped, the markup kept as text', async () => {
    const db = getDb();
    const added = await add(post({ tmdbId: HOSTILE_MOVIE_ID }), db, TMDB, 'movie');
    expect(await added.json()).toMatchObject({ message: 'Content added successfully!' });
    expect(added.status).toBe(200);
    const movie = await db.selectFrom('movies').select(['id', 'title', 'overview']).where('tmdb_id', '=', HOSTILE_MOVIE_ID).executeTakeFirstOrThrow();
    expect(movie).toMatchObject({ title: HOSTILE_TITLE, overview: `Overview ${HOSTILE_MARKUP}\nsecond line` });
    expect(await db.selectFrom('movie_credits').select('character_name').where('movie_id', '=', movie.id).execute())
      .toEqual([{ character_name: HOSTILE_MARKUP }]);
  });

  it('a bulk import job skips a title TMDB sends unusable data for, imports the others and names the skipped one', async () => {
    const db = getDb();
    const job = (await (await bulkImport(post({ page: HOSTILE_POPULAR_PAGE, endPage: HOSTILE_POPULAR_PAGE }), db, TMDB, 'movie')).json()) as ImportJob;
    expect(await finished(db, job.id)).toMatchObject({
      status: 'done', processed: 3,
      skipped: [{ tmdbId: BROKEN_MOVIE_ID, reason: `TMDB sent a movie with id ${BROKEN_MOVIE_ID} we cannot read (title: Invalid input: expected string, received undefined).` }],
    });
    const imported = await db.selectFrom('movies').select('tmdb_id').where('tmdb_id', 'in', [1, 2, HOSTILE_MOVIE_ID, BROKEN_MOVIE_ID]).orderBy('tmdb_id').execute();
    expect(imported.map((movie) => movie.tmdb_id)).toEqual([1, 2, HOSTILE_MOVIE_ID]);
  });
});
