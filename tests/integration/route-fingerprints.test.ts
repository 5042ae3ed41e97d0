/**
 * A republish's routes answer from their records only while every query of theirs returns the rows it returned
 * (src/lib/rebuild/route-fingerprints.ts). Checked on the movie route's real loader: after each change, what a
 * republish gets for the route must equal a fresh load's paths and keys, and it must have loaded again exactly when a
 * row the route reads changed (in any of its queries, order included) or the day changed.
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { movieDetailPaths } from '../../src/lib/catalog/title-page-loaders.ts';
import { withCacheKeys } from '../../src/lib/rebuild/page-cache-key.ts';
import { forgetRouteFingerprints, keepRouteFingerprints, keyedRoutePaths, withReusedRoutes } from '../../src/lib/rebuild/route-fingerprints.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { describeEachEngine } from '../support/engines.ts';

describeEachEngine('route fingerprints', (getDb, engine) => {
  let loads = 0;
  let mainId: number;
  const loadMovies = (db: Kysely<Database>) => { loads++; return movieDetailPaths(db); };
  const keysOnly = (paths: { params: Record<string, string>; cacheKey: string }[]) => paths.map(({ params, cacheKey }) => ({ params, cacheKey }));
  const fresh = async () => keysOnly(withCacheKeys(await movieDetailPaths(getDb())));

  /** The movie route as a republish asks for it, and whether it loaded. */
  async function republished() {
    const before = loads;
    const paths = await withReusedRoutes(() => keyedRoutePaths('movie', loadMovies, getDb()), getDb());
    return { paths: keysOnly(paths), loaded: loads > before, withProps: paths.every((path) => 'props' in path) };
  }

  beforeAll(async () => {
    const db = getDb();
    await insertGenres(db);
    await db.insertInto('platforms').values([{ id: 71, name: 'First', logo_path: null, display_priority: 1 }, { id: 72, name: 'Second', logo_path: null, display_priority: 2 }]).execute();
    const main = await insertMovie(db, { title: 'Main', genres: [28], vote_average: 7 });
    mainId = main.id;
    await insertMovie(db, { title: 'Neighbour', genres: [28], vote_average: 8 });
    await db.insertInto('movie_providers').values([{ movie_id: main.id, platform_id: 71 }, { movie_id: main.id, platform_id: 72 }]).execute();
    await insertPerson(db, 900, 'Cast Member');
    await db.insertInto('movie_credits').values({ movie_id: main.id, person_id: 900, credit_order: 0, character_name: 'Lead' }).execute();
    keepRouteFingerprints();
    const first = await keyedRoutePaths('movie', loadMovies, db);
    expect(first.every((path) => 'props' in path)).toBe(true);
  });

  afterEach(() => { vi.useRealTimers(); });

  it('answers from the records while no row changes, without props', async () => {
    const { paths, loaded, withProps } = await republished();
    expect(loaded).toBe(false);
    expect(withProps).toBe(false);
    expect(paths).toEqual(await fresh());
    expect(paths).toHaveLength(2);
  });

  it('loads again after a change to any row it reads: the title, a cast member, the order of its platforms', async () => {
    const db = getDb();
    const changes = [
      () => db.updateTable('movies').set({ stream_url: 'https://stream.example/new' }).where('id', '=', mainId).execute(),
      () => db.updateTable('people').set({ name: 'Renamed Member' }).where('id', '=', 900).execute(),
      // Only the order changes: the priority is not a column the page shows.
      () => db.updateTable('platforms').set({ display_priority: 3 }).where('id', '=', 71).execute(),
    ];
    for (const change of changes) {
      const before = await fresh();
      await change();
      const { paths, loaded, withProps } = await republished();
      expect(loaded).toBe(true);
      expect(withProps).toBe(true);
      expect(paths).toEqual(await fresh());
      expect(paths).not.toEqual(before);
      expect((await republished()).loaded).toBe(false);
    }
  });

  it('keeps its records when rows it does not read change', async () => {
    await insertShow(getDb(), { name: 'Unrelated Show', genres: [28] });
    await getDb().updateTable('movies').set({ view_count: 5 }).where('is_published', '=', false).execute();
    const { loaded, paths } = await republished();
    expect(loaded).toBe(false);
    expect(paths).toEqual(await fresh());
  });

  it('loads again on a new day (a person\'s age), and after a failed republish forgot the records', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 });
    expect((await republished()).loaded).toBe(true);
    expect((await republished()).loaded).toBe(false);
    forgetRouteFingerprints();
    expect((await republished()).loaded).toBe(true);
  });

  // One in-process PGlite is one session: a second writer cannot be outside the load's snapshot there.
  it.skipIf(engine === 'pglite')('records what the load read when a write lands while it loads', async () => {
    const db = getDb();
    forgetRouteFingerprints();
    const writeMidway = async (snapshot: Kysely<Database>) => {
      const entries = await loadMovies(snapshot);
      await db.updateTable('movies').set({ stream_url: 'https://stream.example/midway' }).where('id', '=', mainId).execute();
      return entries;
    };
    await withReusedRoutes(() => keyedRoutePaths('movie', writeMidway, db), db);
    const { loaded, paths } = await republished();
    expect(loaded).toBe(true);
    expect(paths).toEqual(await fresh());
  });
});
