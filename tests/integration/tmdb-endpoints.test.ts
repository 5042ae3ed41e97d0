import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { setRebuildRunner } from '../../src/lib/rebuild/index.ts';
import { handleAdd, handleBulkImport, handlePerson, tmdbClientFromEnv } from '../../src/lib/tmdb/endpoints.ts';
import { BROKEN_MOVIE_ID, HOSTILE_MARKUP, HOSTILE_MOVIE_ID, HOSTILE_POPULAR_PAGE, HOSTILE_TITLE } from '../support/tmdb-fixtures/index.ts';

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
const reasons: string[] = [];
beforeAll(async () => { fake = await startFakeTmdb(); setRebuildRunner(async () => { reasons.push('kick'); }); });
afterAll(async () => { setRebuildRunner(null); await fake.close(); });

const post = (body: unknown, type = 'application/json') =>
  new Request('http://site/api', { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) });
const client = () => tmdbClientFromEnv({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });

describeEachEngine('TMDB admin endpoints', (getDb) => {
  it('bulk import runs one page per call and stops past the end page', async () => {
    const db = getDb();
    const first = await handleBulkImport(post({ page: 1, endPage: 2 }), db, client(), 'movie');
    expect(await first.json()).toMatchObject({ totalProcessedInRun: 5, nextPage: 2 });
    const last = await handleBulkImport(post({ page: 2, endPage: 2 }), db, client(), 'tv');
    expect(await last.json()).toMatchObject({ totalProcessedInRun: 2, nextPage: null });
    const bad = await handleBulkImport(post({ page: 3, endPage: 1 }), db, client(), 'movie');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid page numbers.' });
    expect(reasons.length).toBeGreaterThan(0);
  });

  it('adds a movie with admin URLs, and refuses bad input and unknown ids', async () => {
    const db = getDb();
    const ok = await handleAdd(post({ tmdb_id: 550, stream_url: 'https://s.example/550', download_url: null }), db, client(), 'movie');
    expect(await ok.json()).toMatchObject({ message: 'Content added successfully!' });
    expect(await db.selectFrom('movies').select('stream_url').where('tmdb_id', '=', 550).executeTakeFirst()).toEqual({ stream_url: 'https://s.example/550' });
    const badUrl = await handleAdd(post({ tmdb_id: 551, stream_url: 'not a url' }), db, client(), 'movie');
    expect(badUrl.status).toBe(400);
    // Only http(s) or site-relative links, as everywhere an admin enters one: never a script URL.
    expect((await handleAdd(post({ tmdb_id: 551, stream_url: 'javascript:alert(1)' }), db, client(), 'movie')).status).toBe(400);
    expect((await handleAdd(post({ tmdb_id: 0 }), db, client(), 'tv')).status).toBe(400);
    expect((await handleAdd(post({ tmdb_id: 1 }, 'text/plain'), db, client(), 'tv')).status).toBe(415);
    const missing = await handleAdd(post({ tmdb_id: 424242 }), db, client(), 'tv');
    expect(await missing.json()).toEqual({ error: 'TMDB has no TV show with id 424242.' });
    expect(await db.selectFrom('movies').select('id').where('tmdb_id', '=', 551).executeTakeFirst()).toBeUndefined();
  });

  it('person proxy answers from TMDB when needed, and 404s with the spec message', async () => {
    const db = getDb();
    const person = await handlePerson('31', db, client());
    expect(await person.json()).toMatchObject({ id: 31, name: 'Person 31', biography: 'Biography 31', external_ids: { twitter_id: 'tw31' } });
    const missing = await handlePerson('123456', db, client());
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Actor not found.' });
    expect((await handlePerson('123456', db, null)).status).toBe(404);
  });

  it('person proxy keeps the details TMDB gave for a person we list (imports bring names only)', async () => {
    const db = getDb();
    await db.insertInto('people').values({ id: 32, name: 'Person 32', profile_path: null, birthday: null, deathday: null, place_of_birth: null,
      known_for_department: 'Acting', biography: null, twitter_id: null, instagram_id: null, updated_at: new Date() }).execute();
    const answer = await handlePerson('32', db, client());
    expect(await answer.json()).toMatchObject({ id: 32, biography: 'Biography 32', birthday: '1970-01-01' });
    expect(await db.selectFrom('people').select(['biography', 'birthday', 'place_of_birth', 'twitter_id', 'instagram_id']).where('id', '=', 32).executeTakeFirstOrThrow())
      .toEqual({ biography: 'Biography 32', birthday: '1970-01-01', place_of_birth: 'Somewhere', twitter_id: 'tw32', instagram_id: 'ig32' });
    // Now answered from our row, without asking TMDB again.
    expect(await (await handlePerson('32', db, null)).json()).toMatchObject({ biography: 'Biography 32' });
    // Someone we do not list is answered but not stored.
    await handlePerson('33', db, client());
    expect(await db.selectFrom('people').select('id').where('id', '=', 33).executeTakeFirst()).toBeUndefined();
  });

  it('adds a title whose text carries a NUL byte and markup: the NUL is dropped, the markup kept as text', async () => {
    const db = getDb();
    const added = await handleAdd(post({ tmdb_id: HOSTILE_MOVIE_ID }), db, client(), 'movie');
    expect(await added.json()).toMatchObject({ message: 'Content added successfully!' });
    expect(added.status).toBe(200);
    const movie = await db.selectFrom('movies').select(['id', 'title', 'overview']).where('tmdb_id', '=', HOSTILE_MOVIE_ID).executeTakeFirstOrThrow();
    expect(movie).toMatchObject({ title: HOSTILE_TITLE, overview: `Overview ${HOSTILE_MARKUP}\nsecond line` });
    expect(await db.selectFrom('movie_credits').select('character_name').where('movie_id', '=', movie.id).execute())
      .toEqual([{ character_name: HOSTILE_MARKUP }]);
  });

  it('a bulk page with a title TMDB sends unusable data for imports the others and names the skipped one', async () => {
    const db = getDb();
    const answer = await handleBulkImport(post({ page: HOSTILE_POPULAR_PAGE, endPage: HOSTILE_POPULAR_PAGE }), db, client(), 'movie');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      message: `Imported page ${HOSTILE_POPULAR_PAGE}: 3 item(s). Skipped 1.`, totalProcessedInRun: 3, nextPage: null,
      skipped: [{ tmdbId: BROKEN_MOVIE_ID, reason: `TMDB sent a movie with id ${BROKEN_MOVIE_ID} we cannot read (title: Invalid input: expected string, received undefined).` }],
    });
    const imported = await db.selectFrom('movies').select('tmdb_id').where('tmdb_id', 'in', [1, 2, HOSTILE_MOVIE_ID, BROKEN_MOVIE_ID]).orderBy('tmdb_id').execute();
    expect(imported.map((movie) => movie.tmdb_id)).toEqual([1, 2, HOSTILE_MOVIE_ID]);
  });
});
