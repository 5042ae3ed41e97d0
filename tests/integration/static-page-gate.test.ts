import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { NO_ROUTE_CACHE } from '../support/personal-fixtures.ts';
import { deleteTitles, setPublished } from '../../src/lib/admin/titles.ts';
import { catalogueChanged } from '../../src/lib/publishing/catalogue-changes.ts';
import { BUILD_START_FILE, StaticPageGate } from '../../src/lib/publishing/static-pages.ts';

const MOVIE = '/movie/blue-harbor/7001';
const OTHER_MOVIE = '/movie/grey-harbor/7002';
const SHOW = '/tv/night-shift/8001';
const ONLY_IN_MOVIE = '/people/zoe-marlowe/9001';
const IN_BOTH = '/people/ada-quill/9002';

async function seed(db: Kysely<Database>) {
  await insertGenres(db);
  const movie = await insertMovie(db, { tmdb_id: 7001, title: 'Blue Harbor' });
  const other = await insertMovie(db, { tmdb_id: 7002, title: 'Grey Harbor' });
  await insertShow(db, { tmdb_id: 8001, name: 'Night Shift' });
  await insertPerson(db, 9001, 'Zoë Marlowe');
  await insertPerson(db, 9002, 'Ada Quill');
  await db.insertInto('movie_credits').values([
    { movie_id: movie.id, person_id: 9001, credit_order: 0, character_name: null },
    { movie_id: movie.id, person_id: 9002, credit_order: 1, character_name: null },
    { movie_id: other.id, person_id: 9002, credit_order: 0, character_name: null },
  ]).execute();
  return { movieId: movie.id };
}

const rowId = async (db: Kysely<Database>, table: 'movies' | 'tv_shows', tmdbId: number) =>
  (await db.selectFrom(table).select('id').where('tmdb_id', '=', tmdbId).executeTakeFirstOrThrow()).id;

describeEachEngine('static page gate: takedowns and edits skip the build\'s files', (getDb) => {
  let clientDir: string;
  let gate: StaticPageGate;
  let stop: () => void;

  beforeAll(async () => {
    await seed(getDb());
    clientDir = mkdtempSync(join(tmpdir(), 'gate-'));
    writeFileSync(join(clientDir, BUILD_START_FILE), new Date().toISOString());
    gate = new StaticPageGate(getDb(), clientDir);
    stop = await gate.start();
  });
  afterAll(() => {
    stop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('an admin unpublish takes the title down, and the people credited only in it, by the time the write answers', async () => {
    const db = getDb();
    for (const path of [MOVIE, OTHER_MOVIE, SHOW, ONLY_IN_MOVIE, IN_BOTH, '/movies', '/people']) {
      expect(gate.servesStatic(path), path).toBe(true);
    }
    await setPublished(db, 'movie', [await rowId(db, 'movies', 7001)], false);
    await catalogueChanged(NO_ROUTE_CACHE);
    expect(gate.servesStatic(MOVIE)).toBe(false);
    expect(gate.servesStatic(`${MOVIE}/index.html.br`)).toBe(false);
    expect(gate.servesStatic(ONLY_IN_MOVIE)).toBe(false);
    expect(gate.servesStatic(IN_BOTH)).toBe(true);
    expect(gate.servesStatic(OTHER_MOVIE)).toBe(true);

    // Published again: its people come back at once; the title itself changed since the build, so it is rendered on demand.
    await setPublished(db, 'movie', [await rowId(db, 'movies', 7001)], true);
    await catalogueChanged(NO_ROUTE_CACHE);
    expect(gate.servesStatic(ONLY_IN_MOVIE)).toBe(true);
    expect(gate.servesStatic(MOVIE)).toBe(false);
    // The rebuild that follows (a newer build start) serves it from its file again.
    writeFileSync(join(clientDir, BUILD_START_FILE), new Date(Date.now() + 1000).toISOString());
    await vi.waitFor(() => expect(gate.servesStatic(MOVIE)).toBe(true), { timeout: 10_000, interval: 50 });
  });

  it('an edit since the build is rendered on demand until the rebuild', async () => {
    const db = getDb();
    await db.updateTable('movies').set({ stream_url: 'https://player.example/new', updated_at: sql`now() + interval '1 hour'` })
      .where('tmdb_id', '=', 7002).execute();
    await catalogueChanged(NO_ROUTE_CACHE);
    expect(gate.servesStatic(OTHER_MOVIE)).toBe(false);
    expect(gate.servesStatic(MOVIE)).toBe(true);
  });

  it('a delete takes the title down', async () => {
    const db = getDb();
    await deleteTitles(db, 'tv', [await rowId(db, 'tv_shows', 8001)]);
    await catalogueChanged(NO_ROUTE_CACHE);
    expect(gate.servesStatic(SHOW)).toBe(false);
  });

  it('a change made by another process (no in-process notice) is seen by the poll', async () => {
    const db = getDb();
    await db.updateTable('movies').set({ is_published: false }).where('tmdb_id', '=', 7001).execute();
    await vi.waitFor(() => expect(gate.servesStatic(MOVIE)).toBe(false), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(gate.servesStatic(ONLY_IN_MOVIE)).toBe(false), { timeout: 10_000, interval: 50 });
  });
});
