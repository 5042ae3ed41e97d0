import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { sql, type Kysely } from 'kysely';
import { afterAll, expect, it, vi } from 'vitest';
import type { ContentType, Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie } from '../support/catalogue-fixtures.ts';
import { REALISTIC_MOVIES, REALISTIC_SHOWS } from '../support/realistic-titles.ts';
import { seedDemoCatalogue } from '../../src/lib/demo/seed.ts';
import { browseTitles } from '../../src/lib/catalog/browse.ts';
import type { BrowseSort } from '../../src/lib/catalog/client/browse-params.ts';
import { listPeople } from '../../src/lib/catalog/people.ts';
import { platformTitles } from '../../src/lib/catalog/platforms.ts';
import { CatalogueCache, CatalogueReadModel, loadCatalogueReadModel } from '../../src/lib/read-model/read-model.ts';
import { databaseSnapshots, directorySnapshots, readCatalogueSnapshot, writeCatalogueSnapshot } from '../../src/lib/read-model/catalogue-snapshot.ts';
import { readCatalogueStamp, type CatalogueStamp } from '../../src/lib/read-model/catalogue-version.ts';

const snapshotDirs: string[] = [];
const snapshotDir = () => { snapshotDirs.push(mkdtempSync(join(tmpdir(), 'cinecat-snapshots-'))); return snapshotDirs.at(-1)!; };
afterAll(() => { for (const dir of snapshotDirs) rmSync(dir, { recursive: true, force: true }); });
const readCatalogueVersion = async (db: Kysely<Database>) => (await readCatalogueStamp(db)).version;

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const searchEndpoint = await import('../../src/pages/api/search.ts');

async function search(query: string): Promise<Response> {
  const url = new URL('http://localhost/api/search');
  url.searchParams.set('query', query);
  return searchEndpoint.GET({ url, request: new Request(url) } as unknown as APIContext);
}

/** The genres and release years most titles of the type have, so the filters select something. */
async function commonFilters(db: Kysely<Database>, type: ContentType) {
  const [junction, table, date] = type === 'movie'
    ? ['movie_genres', 'movies', 'release_date'] : ['tv_show_genres', 'tv_shows', 'first_air_date'];
  const genres = await sql<{ genre_id: number }>`select genre_id from ${sql.table(junction)} group by genre_id
    order by count(*) desc, genre_id limit 3`.execute(db);
  const years = await sql<{ year: number }>`select extract(year from ${sql.ref(date)})::int as year from ${sql.table(table)}
    where ${sql.ref(date)} is not null group by 1 order by count(*) desc, 1 limit 1`.execute(db);
  return { genreIds: genres.rows.map((r) => r.genre_id), year: years.rows[0]!.year };
}

describeEachEngine('catalogue read model: the same answers as the database', (getDb) => {
  it('browse: every type, sort, genre and year filter and page (including past the end)', async () => {
    const db = getDb();
    const model = await loadCatalogueReadModel(db);
    let compared = 0;
    for (const type of ['movie', 'tv'] as const) {
      const { genreIds, year } = await commonFilters(db, type);
      for (const sort of ['just-added', 'newly-launched', 'top-rated', 'newest'] as BrowseSort[]) {
        for (const genres of [[], [genreIds[0]!], genreIds, [999_999]]) {
          for (const filterYear of [null, year, 1975]) {
            for (const page of [1, 2, 4, 1000]) {
              const query = { type, sort, genreIds: genres, year: filterYear, page };
              expect(model.browse(query), JSON.stringify(query)).toEqual(await browseTitles(db, query));
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(384);
    expect(model.browse({ type: 'movie', sort: 'just-added' }).items).toHaveLength(48);
  });

  it('made-up genre ids answer empty pages and leave nothing behind in the model', async () => {
    const model = await loadCatalogueReadModel(getDb());
    const remembered = () => (model as unknown as { genreOrders: Map<string, unknown> }).genreOrders.size;
    for (let genre = 500_000; genre < 500_200; genre++) {
      expect(model.browse({ type: 'movie', sort: 'just-added', genreIds: [genre] })).toEqual({ items: [], page: 1, totalPages: 0, total: 0 });
    }
    expect(remembered()).toBe(0);
    const [genre] = (await getDb().selectFrom('movie_genres').select('genre_id').limit(1).execute()).map((row) => row.genre_id);
    expect(model.browse({ type: 'movie', sort: 'just-added', genreIds: [genre!] }).total).toBeGreaterThan(0);
    expect(remembered()).toBe(1);
  });

  it('people and platforms: every sort and page, unknown platforms', async () => {
    const db = getDb();
    const model = await loadCatalogueReadModel(db);
    for (const sort of ['popularity', 'name'] as const) {
      const { totalPages } = await listPeople(db, sort, 1);
      expect(totalPages).toBeGreaterThan(2);
      for (const page of [1, 2, totalPages, totalPages + 1]) expect(model.listPeople(sort, page)).toEqual(await listPeople(db, sort, page));
    }
    const platforms = await db.selectFrom('platforms').select('id').execute();
    expect(platforms.length).toBeGreaterThan(2);
    for (const { id } of [...platforms, { id: 987_654 }]) {
      for (const page of [1, 2, 50]) expect(model.platformTitles(id, page)).toEqual(await platformTitles(db, id, page));
    }
  });

  it('concurrent requests share one load, and later requests within the check interval query nothing', async () => {
    let queries = 0;
    const counted = getDb().withPlugin({
      transformQuery: (args) => { queries++; return args.node; },
      transformResult: async (args) => args.result,
    });
    const cache = new CatalogueCache(counted, 60_000);
    const models = await Promise.all(Array.from({ length: 20 }, () => cache.model()));
    expect(new Set(models).size).toBe(1);
    expect(queries).toBe(5); // the version, movies, shows, people and platforms
    models[0]!.search('a');
    await cache.model();
    expect(queries).toBe(5);
  });

  it('a catalogue change bumps the version once per transaction and the next check reloads; a view does not', async () => {
    const db = getDb();
    const cache = new CatalogueCache(db, 0, 0);
    const before = await cache.model();
    const version = await readCatalogueVersion(db);
    const draft = await db.selectFrom('movies').select(['id', 'title']).where('is_published', '=', false).limit(1).executeTakeFirstOrThrow();
    expect(before.search(draft.title).titles.map((t) => t.title)).not.toContain(draft.title);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable('movies').set({ is_published: true }).where('id', '=', draft.id).execute();
      await trx.updateTable('people').set({ popularity: 1 }).execute();
    });
    expect(await readCatalogueVersion(db)).toBe(version + 1);
    cache.model();
    const after = await cache.settled();
    expect(after).not.toBe(before);
    expect(after.search(draft.title).titles.map((t) => t.title)).toContain(draft.title);

    await db.updateTable('movies').set({ view_count: sql`view_count + 1` }).where('id', '=', draft.id).execute();
    expect(await readCatalogueVersion(db)).toBe(version + 1);
    cache.model();
    expect(await cache.settled()).toBe(after);
  });

  it('reloads no sooner than the minimum interval after the last load, however often the version moves', async () => {
    const db = getDb();
    let queries = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => { queries++; return args.node; },
      transformResult: async (args) => args.result,
    });
    const bumpVersion = () => db.updateTable('movies').set({ popularity: sql`popularity + 1` }).where('is_published', '=', true).execute();

    const patient = new CatalogueCache(counted, 0, 60_000);
    const loaded = await patient.model();
    const queriesAfterLoad = queries;
    for (let i = 0; i < 3; i++) {
      await bumpVersion();
      patient.model();
      expect(await patient.settled()).toBe(loaded);
    }
    expect(queries).toBe(queriesAfterLoad);

    const brisk = new CatalogueCache(db, 0, 200);
    const before = await brisk.model();
    await bumpVersion();
    await expect.poll(async () => { brisk.model(); return brisk.settled(); }, { timeout: 30_000 }).not.toBe(before);
  });

  it('a model read back from its snapshot gives the same answers as the one loaded from the database', async () => {
    const db = getDb();
    const loaded = await loadCatalogueReadModel(db);
    const snapshots = directorySnapshots(snapshotDir());
    const stamp = await readCatalogueStamp(db);
    await writeCatalogueSnapshot(snapshots, stamp, loaded.columns);
    const restored = new CatalogueReadModel((await readCatalogueSnapshot(snapshots, stamp))!);
    for (const type of ['movie', 'tv'] as const) {
      const { genreIds, year } = await commonFilters(db, type);
      for (const sort of ['just-added', 'newly-launched', 'top-rated'] as BrowseSort[]) {
        for (const query of [{ type, sort }, { type, sort, genreIds: [genreIds[0]!], page: 2 }, { type, sort, genreIds, year }]) {
          expect(restored.browse(query), JSON.stringify(query)).toEqual(loaded.browse(query));
        }
      }
    }
    for (const sort of ['popularity', 'name'] as const) for (const page of [1, 3]) expect(restored.listPeople(sort, page)).toEqual(loaded.listPeople(sort, page));
    for (const { id } of await db.selectFrom('platforms').select('id').execute()) expect(restored.platformTitles(id, 1)).toEqual(loaded.platformTitles(id, 1));
    const titles = loaded.browse({ type: 'movie', sort: 'top-rated' }).items.slice(0, 5).map((card) => card.title);
    const names = loaded.listPeople('popularity', 1).items.slice(0, 5).map((person) => person.name);
    for (const query of [...titles, ...names, ...titles.map((title) => title.slice(1, -1)), 'a', 'the']) {
      expect(restored.search(query), query).toEqual(loaded.search(query));
    }
    expect(loaded.search(titles[0]!).titles[0]!.title).toBe(titles[0]);
  });

  for (const place of ['a directory', 'the database'] as const) {
    it(`a fresh process answers from the snapshot of the current stamp in ${place}, and from the database past a change or damaged bytes`, async () => {
      const db = getDb();
      let queries = 0;
      const counted = db.withPlugin({
        transformQuery: (args) => { queries++; return args.node; },
        transformResult: async (args) => args.result,
      });
      const dir = snapshotDir();
      await db.deleteFrom('catalogue_snapshot').execute();
      // The database's store takes a snapshot of every new stamp here (no interval).
      const snapshots = place === 'a directory' ? directorySnapshots(dir) : databaseSnapshots(counted, 0);
      const readsForSnapshot = place === 'a directory' ? 1 : 2; // the stamp (and the snapshot's row)
      const fresh = () => new CatalogueCache(counted, 60_000, 0, snapshots);
      const first = fresh();
      const model = await first.model();
      await first.settled();
      expect(queries).toBeGreaterThanOrEqual(5);
      const fileOf = ({ catalogueId, version, changedAt }: CatalogueStamp) => `${catalogueId}.${version}.${Date.parse(changedAt)}.catalogue`;
      if (place === 'a directory') expect(readdirSync(dir)).toEqual([fileOf(await readCatalogueStamp(db))]);
      else expect(await db.selectFrom('catalogue_snapshot').select('version').execute()).toEqual([{ version: expect.anything() }]);

      // A snapshot of the current stamp with no platforms: a cache that answers from it knows none.
      const platform = await db.selectFrom('platforms').select('id').executeTakeFirstOrThrow();
      expect(model.platformTitles(platform.id, 1)).not.toBeNull();
      if (place === 'the database') await db.deleteFrom('catalogue_snapshot').execute();
      await writeCatalogueSnapshot(snapshots, await readCatalogueStamp(db), { ...model.columns, platforms: [] });
      queries = 0;
      expect((await fresh().model()).platformTitles(platform.id, 1)).toBeNull();
      expect(queries).toBe(readsForSnapshot);

      // After a change the snapshot is another stamp's: the database answers, and the new stamp is kept.
      await db.updateTable('movies').set({ popularity: sql`popularity + 1` }).where('is_published', '=', true).execute();
      queries = 0;
      const afterChange = fresh();
      expect((await afterChange.model()).platformTitles(platform.id, 1)).not.toBeNull();
      await afterChange.settled();
      expect(queries).toBeGreaterThanOrEqual(readsForSnapshot + 4); // and the titles, people and platforms
      // The new stamp's file replaces the database's older one.
      if (place === 'a directory') expect(readdirSync(dir)).toEqual([fileOf(await readCatalogueStamp(db))]);
      queries = 0;
      expect((await fresh().model()).platformTitles(platform.id, 1)).not.toBeNull();
      expect(queries).toBe(readsForSnapshot);

      if (place === 'a directory') writeFileSync(join(dir, readdirSync(dir)[0]!), 'not a snapshot');
      else await db.updateTable('catalogue_snapshot').set({ data: new TextEncoder().encode('not a snapshot') }).where('part', '=', 0).execute();
      queries = 0;
      expect((await fresh().model()).platformTitles(platform.id, 1)).not.toBeNull();
      expect(queries).toBeGreaterThanOrEqual(5);
    });
  }

  it('the database keeps a new snapshot no sooner than its interval after the last', async () => {
    const db = getDb();
    await db.deleteFrom('catalogue_snapshot').execute();
    const snapshots = databaseSnapshots(db, 60_000);
    const model = await loadCatalogueReadModel(db);
    const before = await readCatalogueStamp(db);
    await writeCatalogueSnapshot(snapshots, before, model.columns);
    await db.updateTable('movies').set({ popularity: sql`popularity + 1` }).where('is_published', '=', true).execute();
    const after = await readCatalogueStamp(db);
    await writeCatalogueSnapshot(snapshots, after, model.columns);
    const keptVersions = async () => (await db.selectFrom('catalogue_snapshot').select('version').execute()).map((row) => Number(row.version));
    expect(await keptVersions()).toEqual([before.version]);
    await db.updateTable('catalogue_snapshot').set({ written_at: sql<Date>`now() - interval '2 minutes'` }).execute();
    await writeCatalogueSnapshot(snapshots, after, model.columns);
    expect(await keptVersions()).toEqual([after.version]);
    expect(await readCatalogueSnapshot(snapshots, before)).toBeNull();
    expect(await readCatalogueSnapshot(snapshots, after)).not.toBeNull();
  });

  it('a snapshot of many parts is read back whole, and one with a part missing is not read', async () => {
    const db = getDb();
    await db.deleteFrom('catalogue_snapshot').execute();
    const snapshots = databaseSnapshots(db, 60_000, 4 * 1024);
    const stamp = await readCatalogueStamp(db);
    const { columns } = await loadCatalogueReadModel(db);
    await writeCatalogueSnapshot(snapshots, stamp, columns);
    const parts = await db.selectFrom('catalogue_snapshot').select('part').orderBy('part').execute();
    expect(parts.length).toBeGreaterThan(20);
    expect(await readCatalogueSnapshot(snapshots, stamp)).toEqual(columns);
    await db.deleteFrom('catalogue_snapshot').where('part', '=', 9).execute();
    expect(await readCatalogueSnapshot(snapshots, stamp)).toBeNull();
  });

  it("a snapshot stored in another encoding (brotli before 0013, zstd without its length after) is not read, and the next write replaces it", async () => {
    const db = getDb();
    await db.deleteFrom('catalogue_snapshot').execute();
    const snapshots = databaseSnapshots(db, 60_000);
    const stamp = await readCatalogueStamp(db);
    await writeCatalogueSnapshot(snapshots, stamp, (await loadCatalogueReadModel(db)).columns);
    expect(await readCatalogueSnapshot(snapshots, stamp)).not.toBeNull();
    // What a row from before the encoding column looks like: the same stamp, a fresh write, encoding ''.
    await db.updateTable('catalogue_snapshot').set({ encoding: '' }).execute();
    expect(await readCatalogueSnapshot(snapshots, stamp)).toBeNull();
    await writeCatalogueSnapshot(snapshots, stamp, (await loadCatalogueReadModel(db)).columns);
    expect(await db.selectFrom('catalogue_snapshot').select('encoding').distinct().execute()).toEqual([{ encoding: 'zstd-with-length' }]);
    expect(await readCatalogueSnapshot(snapshots, stamp)).not.toBeNull();
  });
}, { seed: async (db) => { await seedDemoCatalogue(db, { movies: 500, shows: 120, people: 1200, now: new Date('2026-06-01T00:00:00Z') }); } });

describeEachEngine('search endpoint on realistic titles', (getDb) => {
  it.each([
    ['nigth', 'Nights of Cabiria'], ['Cras 3', 'Cars 3'], ['Rcoky III', 'Rocky III'], ['Poepye', 'Popeye'], ['Promteheus', 'Prometheus'],
    ['The Decsent', 'The Descent'], ['Incedies', 'Incendies'], ['The Bakner', 'The Banker'], ['AMELIE', 'Amélie'], ['shogun', 'Shōgun'],
  ])('GET /api/search?query=%s has %s in the top 5', async (query, title) => {
    currentDb = getDb();
    const response = await search(query);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
    const { titles } = await response.json() as { titles: { title: string }[] };
    expect(titles.slice(0, 5).map((t) => t.title)).toContain(title);
  });
}, {
  seed: async (db) => {
    await insertGenres(db);
    const rows = (titles: string[], offset: number) => titles.map((title, i) => ({ title, offset: offset + i }));
    await db.insertInto('movies').values([...rows(REALISTIC_MOVIES, 0), { title: 'The Banker', offset: 900 }]
      .map(({ title, offset }) => ({ tmdb_id: 500_000 + offset, title, is_published: true, popularity: 1000 - offset }))).execute();
    await db.insertInto('tv_shows').values(rows(REALISTIC_SHOWS, 0)
      .map(({ title, offset }) => ({ tmdb_id: 600_000 + offset, name: title, is_published: true, popularity: 500 - offset }))).execute();
    await insertMovie(db, { title: 'Secret Draft of Popeye', is_published: false });
  },
});
