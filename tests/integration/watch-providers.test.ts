/**
 * Every region's watch providers travel with a title: the single and bulk imports and the sync write them from
 * TMDB's answer (the default region's also as the title's platforms), a title's deletion takes them, and a backup
 * carries them and the users' choices back, while a backup from before them still restores.
 */
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { ContentType, Database } from '../../db/schema.ts';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { createTestUser } from '../support/sessions.ts';
import { WATCH_REGIONS } from '../support/tmdb-fixtures/index.ts';
import { createTmdbClient } from '../../src/lib/tmdb/client.ts';
import { importMovie, importPopularPage, importShow } from '../../src/lib/tmdb/importer.ts';
import { createSync, runSync } from '../../src/lib/tmdb/sync.ts';
import { createBackup } from '../../src/lib/backup/backup.ts';
import { restoreBackup } from '../../src/lib/backup/restore.ts';
import { ADDED_LATER } from '../../src/lib/backup/tables.ts';
import { saveWatchPreferences } from '../../src/lib/watch/preferences.ts';

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });
afterEach(() => { vi.unstubAllEnvs(); fake.reset(); });

const client = () => createTmdbClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 5, requestsPerSecond: 500 });

/** A title's offers as 'REGION kind:provider', sorted. */
async function offersOf(db: Kysely<Database>, type: ContentType, titleId: number): Promise<string[]> {
  const rows = await db.selectFrom('title_watch_providers').select(['region', 'kind', 'platform_id'])
    .where('content_type', '=', type).where('title_id', '=', titleId).execute();
  return rows.map((row) => `${row.region} ${row.kind}:${row.platform_id}`).sort();
}
const regionsOf = async (db: Kysely<Database>, type: ContentType, titleId: number) => (await db.selectFrom('title_watch_regions')
  .select(['region', 'link']).where('content_type', '=', type).where('title_id', '=', titleId).orderBy('region').execute());
const platformsOf = async (db: Kysely<Database>, movieId: number) => (await db.selectFrom('movie_providers').select('platform_id')
  .where('movie_id', '=', movieId).orderBy('platform_id').execute()).map((row) => row.platform_id);

const FIXTURE_OFFERS = ['DE ads:300', 'DE buy:2', 'DE flatrate:8', 'FR free:301', 'FR rent:2', 'GB buy:2', 'GB flatrate:99', 'JP buy:2',
  'US flatrate:337', 'US flatrate:8', 'US rent:2'];

describeEachEngine('watch providers of every region', (getDb, engine) => {
  const extra: TestDatabase[] = [];
  afterAll(async () => { for (const database of extra) await database.destroy(); });

  it('a single import keeps every region by kind with its link; the platforms are the default region\'s', async () => {
    const db = getDb();
    const { id } = await importMovie(db, client(), 1);
    expect(await offersOf(db, 'movie', id)).toEqual(FIXTURE_OFFERS);
    expect((await regionsOf(db, 'movie', id)).map((row) => row.region)).toEqual(WATCH_REGIONS);
    expect((await regionsOf(db, 'movie', id))[0]).toEqual({ region: 'DE', link: 'https://www.themoviedb.org/watch?locale=DE' });
    expect((await regionsOf(db, 'movie', id)).find((row) => row.region === 'JP')!.link).toBeNull();
    expect(await platformsOf(db, id)).toEqual([2, 8, 337]);
    // Other regions' providers are platforms too, with their names and logos.
    expect(await db.selectFrom('platforms').select(['name', 'logo_path']).where('id', '=', 300).executeTakeFirst())
      .toEqual({ name: 'Ad Stream', logo_path: '/p300.jpg' });
    expect(await db.selectFrom('platforms').select('id').where('id', '=', 302).executeTakeFirst()).toBeUndefined();

    // With another default region, the same answer gives that region's providers as the platforms.
    vi.stubEnv('DEFAULT_REGION', 'DE');
    await importMovie(db, client(), 1);
    expect(await platformsOf(db, id)).toEqual([2, 8, 300]);
    expect(await offersOf(db, 'movie', id)).toEqual(FIXTURE_OFFERS);
  });

  it('a re-import replaces the regions with TMDB\'s answer; a show keeps its regions too', async () => {
    const db = getDb();
    fake.edit('/movie/1', { 'watch/providers': { results: { GB: { link: 'https://www.themoviedb.org/watch?locale=GB', rent: [{ provider_id: 2, provider_name: 'Apple TV', logo_path: '/apple.jpg', display_priority: 4 }] } } } });
    const { id } = await importMovie(db, client(), 1);
    expect(await offersOf(db, 'movie', id)).toEqual(['GB rent:2']);
    expect((await regionsOf(db, 'movie', id)).map((row) => row.region)).toEqual(['GB']);
    // Nowhere in the default region: no platform.
    expect(await platformsOf(db, id)).toEqual([]);
    expect(await db.selectFrom('platforms').select('name').where('id', '=', 2).executeTakeFirst()).toEqual({ name: 'Apple TV' });

    const show = await importShow(db, client(), 1399);
    expect(await offersOf(db, 'tv', show.id)).toEqual(['DE ads:300', 'DE buy:2', 'DE flatrate:384', 'FR free:301', 'FR rent:2', 'GB buy:2',
      'GB flatrate:99', 'JP buy:2', 'US flatrate:384']);
    expect((await regionsOf(db, 'tv', show.id)).map((row) => row.region)).toEqual(WATCH_REGIONS);
  });

  it('the bulk import carries every region of every title on the page', async () => {
    const db = getDb();
    const page = await importPopularPage(db, client(), 'movie', 1);
    expect(page.processed).toBe(5);
    for (const summary of page.summaries) {
      expect((await regionsOf(db, 'movie', summary.id)).map((row) => row.region), summary.title).toEqual(WATCH_REGIONS);
      expect(await offersOf(db, 'movie', summary.id), summary.title).toEqual(FIXTURE_OFFERS);
    }
  });

  it('the sync refreshes a changed title\'s regions', async () => {
    const db = getDb();
    const { id } = await importMovie(db, client(), 3);
    fake.setChanges('movie', [3]);
    fake.edit('/movie/3', { 'watch/providers': { results: { FR: { link: 'https://www.themoviedb.org/watch?locale=FR', flatrate: [{ provider_id: 8, provider_name: 'Provider 8', logo_path: '/p8.jpg', display_priority: 1 }] } } } });
    await db.deleteFrom('tmdb_syncs').execute();
    const { sync } = await createSync(db, 'admin');
    await runSync(db, client(), sync.id);
    expect(await offersOf(db, 'movie', id)).toEqual(['FR flatrate:8']);
    expect((await regionsOf(db, 'movie', id)).map((row) => row.region)).toEqual(['FR']);
  });

  it('a title\'s deletion takes its regions with it', async () => {
    const db = getDb();
    const movie = await importMovie(db, client(), 4);
    const show = await importShow(db, client(), 1400);
    await db.deleteFrom('movies').where('id', '=', movie.id).execute();
    expect(await offersOf(db, 'movie', movie.id)).toEqual([]);
    expect(await regionsOf(db, 'movie', movie.id)).toEqual([]);
    expect((await offersOf(db, 'tv', show.id)).length).toBeGreaterThan(0);
    // Catalogue content: a change to it alone tells every process's read model to reload.
    const version = async () => Number((await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
    const before = await version();
    await db.deleteFrom('title_watch_regions').where('content_type', '=', 'tv').where('title_id', '=', show.id).execute();
    expect(await version()).toBe(before + 1);
    // A row must name a title that exists.
    await expect(db.insertInto('title_watch_regions').values({ content_type: 'movie', title_id: movie.id, region: 'US', link: null }).execute())
      .rejects.toThrow();
  });

  it('a backup carries every region and the users\' choices; one from before them still restores, both ways', async () => {
    const db = getDb();
    const { id } = await importMovie(db, client(), 5);
    const user = await createTestUser(db);
    await saveWatchPreferences(db, user.id, { region: 'GB', services: [8, 99] });
    const backup = await createBackup(db);
    expect(backup.tables.title_watch_providers.filter((row) => row.title_id === id)).toHaveLength(FIXTURE_OFFERS.length);
    expect(backup.tables.title_watch_regions.filter((row) => row.title_id === id)).toHaveLength(WATCH_REGIONS.length);
    expect(backup.tables.user_preferences).toEqual([expect.objectContaining({ user_id: user.id, watch_region: 'GB' })]);
    expect(backup.tables.user_watch_services).toEqual([{ user_id: user.id, platform_id: 8 }, { user_id: user.id, platform_id: 99 }]);

    const target = await createTestDatabase(engine);
    extra.push(target);
    await restoreBackup(target.db, JSON.parse(JSON.stringify(backup)), 'replace');
    expect(await offersOf(target.db, 'movie', id)).toEqual(FIXTURE_OFFERS);
    expect(await regionsOf(target.db, 'movie', id)).toEqual(await regionsOf(db, 'movie', id));
    expect((await createBackup(target.db)).tables.user_watch_services).toEqual(backup.tables.user_watch_services);

    // A backup made before issue 37 has none of the four tables.
    const old = JSON.parse(JSON.stringify(backup));
    for (const table of ADDED_LATER) delete old.tables[table];
    await restoreBackup(target.db, old, 'merge');
    expect(await offersOf(target.db, 'movie', id)).toEqual(FIXTURE_OFFERS);
    await restoreBackup(target.db, old, 'replace');
    expect(await offersOf(target.db, 'movie', id)).toEqual([]);
    expect((await createBackup(target.db)).tables.movies).toEqual(backup.tables.movies);
  });
});
