import type { APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { callEndpoint } from '../support/personal-fixtures.ts';
import { setRebuildRunner } from '../../src/lib/rebuild/index.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

const routes = {
  import: { movie: (await import('../../src/pages/api/admin/import/movies.ts')).POST, tv: (await import('../../src/pages/api/admin/import/tv.ts')).POST },
  add: { movie: (await import('../../src/pages/api/admin/movies/add.ts')).POST, tv: (await import('../../src/pages/api/admin/tv/add.ts')).POST },
  person: (await import('../../src/pages/api/person/[id].ts')).GET,
};
const ADMIN = { id: '00000000-0000-0000-0000-000000000002', email: 'admin@example.com', role: 'admin' as const };
import { BROKEN_MOVIE_ID, HOSTILE_MARKUP, HOSTILE_MOVIE_ID, HOSTILE_POPULAR_PAGE, HOSTILE_TITLE } from '../support/tmdb-fixtures/index.ts';

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
const reasons: string[] = [];
beforeAll(async () => { fake = await startFakeTmdb(); setRebuildRunner(async () => { reasons.push('kick'); }); });
afterAll(async () => { setRebuildRunner(null); await fake.close(); });

afterEach(() => vi.unstubAllEnvs());

const post = (body: unknown, type = 'application/json') => ({ body, type });
type Post = ReturnType<typeof post>;
/** TMDB configured (the fake) or not, as the settings say. */
const TMDB = true;

async function call(route: APIRoute, db: Kysely<Database>, tmdb: boolean, method: string, path: string, request?: Post, params?: Record<string, string>) {
  currentDb = db;
  vi.stubEnv('TMDB_API_KEY', tmdb ? fake.apiKey : '');
  vi.stubEnv('TMDB_API_BASE_URL', fake.baseUrl);
  return callEndpoint(route, ADMIN, method, path, { body: request?.body, headers: request ? { 'Content-Type': request.type } : {}, params });
}
const bulkImport = (request: Post, db: Kysely<Database>, tmdb: boolean, kind: 'movie' | 'tv') => call(routes.import[kind], db, tmdb, 'POST', `/api/admin/import/${kind}`, request);
const add = (request: Post, db: Kysely<Database>, tmdb: boolean, kind: 'movie' | 'tv') => call(routes.add[kind], db, tmdb, 'POST', `/api/admin/${kind}/add`, request);
const personDetails = (id: string, db: Kysely<Database>, tmdb: boolean) => call(routes.person, db, tmdb, 'GET', `/api/person/${id}`, undefined, { id });

describeEachEngine('TMDB admin endpoints', (getDb) => {
  it('bulk import runs one page per call and stops past the end page', async () => {
    const db = getDb();
    const first = await bulkImport(post({ page: 1, endPage: 2 }), db, TMDB, 'movie');
    expect(await first.json()).toMatchObject({ totalProcessedInRun: 5, nextPage: 2 });
    const last = await bulkImport(post({ page: 2, endPage: 2 }), db, TMDB, 'tv');
    expect(await last.json()).toMatchObject({ totalProcessedInRun: 2, nextPage: null });
    const bad = await bulkImport(post({ page: 3, endPage: 1 }), db, TMDB, 'movie');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid page numbers.' });
    expect(reasons.length).toBeGreaterThan(0);
  });

  it('adds a movie with admin URLs, and refuses bad input and unknown ids', async () => {
    const db = getDb();
    const ok = await add(post({ tmdb_id: 550, stream_url: 'https://s.example/550', download_url: null }), db, TMDB, 'movie');
    expect(await ok.json()).toMatchObject({ message: 'Content added successfully!' });
    expect(await db.selectFrom('movies').select('stream_url').where('tmdb_id', '=', 550).executeTakeFirst()).toEqual({ stream_url: 'https://s.example/550' });
    const badUrl = await add(post({ tmdb_id: 551, stream_url: 'not a url' }), db, TMDB, 'movie');
    expect(badUrl.status).toBe(400);
    // Only http(s) or site-relative links, as everywhere an admin enters one: never a script URL.
    expect((await add(post({ tmdb_id: 551, stream_url: 'javascript:alert(1)' }), db, TMDB, 'movie')).status).toBe(400);
    expect((await add(post({ tmdb_id: 0 }), db, TMDB, 'tv')).status).toBe(400);
    expect((await add(post({ tmdb_id: 1 }, 'text/plain'), db, TMDB, 'tv')).status).toBe(415);
    const missing = await add(post({ tmdb_id: 424242 }), db, TMDB, 'tv');
    expect(await missing.json()).toEqual({ error: 'TMDB has no TV show with id 424242.' });
    expect(await db.selectFrom('movies').select('id').where('tmdb_id', '=', 551).executeTakeFirst()).toBeUndefined();
  });

  it('person proxy answers from TMDB when needed, and 404s with the spec message', async () => {
    const db = getDb();
    const person = await personDetails('31', db, TMDB);
    expect(await person.json()).toMatchObject({ id: 31, name: 'Person 31', biography: 'Biography 31', external_ids: { twitter_id: 'tw31' } });
    const missing = await personDetails('123456', db, TMDB);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Actor not found.' });
    expect((await personDetails('123456', db, false)).status).toBe(404);
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
    await db.insertInto('people').values({ id: 32, name: 'Person 32', profile_path: null, birthday: null, deathday: null, place_of_birth: null,
      known_for_department: 'Acting', biography: null, twitter_id: null, instagram_id: null, updated_at: new Date() }).execute();
    const answer = await personDetails('32', db, TMDB);
    expect(await answer.json()).toMatchObject({ id: 32, biography: 'Biography 32', birthday: '1970-01-01' });
    expect(await db.selectFrom('people').select(['biography', 'birthday', 'place_of_birth', 'twitter_id', 'instagram_id']).where('id', '=', 32).executeTakeFirstOrThrow())
      .toEqual({ biography: 'Biography 32', birthday: '1970-01-01', place_of_birth: 'Somewhere', twitter_id: 'tw32', instagram_id: 'ig32' });
    // Now answered from our row, without asking TMDB again.
    expect(await (await personDetails('32', db, false)).json()).toMatchObject({ biography: 'Biography 32' });
    // Someone we do not list is answered but not stored.
    await personDetails('33', db, TMDB);
    expect(await db.selectFrom('people').select('id').where('id', '=', 33).executeTakeFirst()).toBeUndefined();
  });

  it('adds a title whose text carries a NUL byte and markup: the NUL is dropped, the markup kept as text', async () => {
    const db = getDb();
    const added = await add(post({ tmdb_id: HOSTILE_MOVIE_ID }), db, TMDB, 'movie');
    expect(await added.json()).toMatchObject({ message: 'Content added successfully!' });
    expect(added.status).toBe(200);
    const movie = await db.selectFrom('movies').select(['id', 'title', 'overview']).where('tmdb_id', '=', HOSTILE_MOVIE_ID).executeTakeFirstOrThrow();
    expect(movie).toMatchObject({ title: HOSTILE_TITLE, overview: `Overview ${HOSTILE_MARKUP}\nsecond line` });
    expect(await db.selectFrom('movie_credits').select('character_name').where('movie_id', '=', movie.id).execute())
      .toEqual([{ character_name: HOSTILE_MARKUP }]);
  });

  it('a bulk page with a title TMDB sends unusable data for imports the others and names the skipped one', async () => {
    const db = getDb();
    const answer = await bulkImport(post({ page: HOSTILE_POPULAR_PAGE, endPage: HOSTILE_POPULAR_PAGE }), db, TMDB, 'movie');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      message: `Imported page ${HOSTILE_POPULAR_PAGE}: 3 item(s). Skipped 1.`, totalProcessedInRun: 3, nextPage: null,
      skipped: [{ tmdbId: BROKEN_MOVIE_ID, reason: `TMDB sent a movie with id ${BROKEN_MOVIE_ID} we cannot read (title: Invalid input: expected string, received undefined).` }],
    });
    const imported = await db.selectFrom('movies').select('tmdb_id').where('tmdb_id', 'in', [1, 2, HOSTILE_MOVIE_ID, BROKEN_MOVIE_ID]).orderBy('tmdb_id').execute();
    expect(imported.map((movie) => movie.tmdb_id)).toEqual([1, 2, HOSTILE_MOVIE_ID]);
  });
});
