/**
 * Issue 36: which fields are the admin's, "Use TMDB's", the re-imports (Add New of a title we have, Bulk Import)
 * that keep what the admin set, and backups that carry it.
 */
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { createBackup } from '../../src/lib/backup/backup.ts';
import { restoreBackup } from '../../src/lib/backup/restore.ts';
import { createTmdbClient } from '../../src/lib/tmdb/client.ts';
import { importPopularPage, importShow } from '../../src/lib/tmdb/importer.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const {
  addMovie, addShow, deleteEpisode, editEpisode, editMovieLinks, editShowTrailer, episodeAt, ownedOf, publish, seasonEpisodes, seasonView,
  showRow, tryUseTmdb, useTmdb,
} = await import('../support/admin-edits.ts');

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });
afterEach(() => vi.unstubAllEnvs());

const GOT = 1399;
const client = () => createTmdbClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 5, requestsPerSecond: 500 });

describeEachEngine('what the admin set is the admin\'s', (getDb, engine) => {
  let showId: number;
  const extra: TestDatabase[] = [];
  afterAll(async () => { for (const database of extra) await database.destroy(); });
  beforeEach(async () => {
    currentDb = getDb();
    fake.reset();
    fake.airSeason(GOT, 1, 10);
    await getDb().deleteFrom('tv_shows').execute();
    showId = (await importShow(getDb(), client(), GOT)).id;
  });
  const trailer = async () => (await getDb().selectFrom('tv_shows').select('trailer_key').where('id', '=', showId).executeTakeFirstOrThrow()).trailer_key;

  it('an edit makes the fields it changes the admin\'s, and only those: the form\'s unchanged fields stay TMDB\'s', async () => {
    const first = await episodeAt(getDb(), showId, 1, 1);
    await editEpisode(getDb(), first.id, { streamUrl: 'https://stream.example/1' });
    expect(await ownedOf(showId, 1, first.id)).toEqual({});
    expect((await showRow(GOT)).adminOwned).toEqual({});

    await editEpisode(getDb(), first.id, { name: 'Mine', overview: 'My summary', episodeNumber: 20, tmdbId: 77 });
    expect(await ownedOf(showId, 1, first.id)).toEqual({ name: 'S1E1', overview: 'Episode overview', episodeNumber: 1, tmdbId: GOT * 1000 + 11 });
    // A second edit keeps TMDB's values from before the first.
    await editEpisode(getDb(), first.id, { name: 'Mine again' });
    expect((await ownedOf(showId, 1, first.id)).name).toBe('S1E1');
    await editShowTrailer(showId, 'myTrailer');
    expect((await showRow(GOT)).adminOwned).toEqual({ trailerKey: 'tvtrailer1399' });
  });

  it('"Use TMDB\'s" puts TMDB\'s latest value back at once, and TMDB\'s changes reach the field again', async () => {
    await editShowTrailer(showId, 'myTrailer');
    const first = await episodeAt(getDb(), showId, 1, 1);
    await editEpisode(getDb(), first.id, { name: 'Mine' });
    fake.edit(`/tv/${GOT}`, { videos: { results: [{ key: 'tmdbLatest', site: 'YouTube', type: 'Trailer' }] } });
    fake.editEpisode(GOT, 1, 1, { name: 'Winter Is Coming' });
    await importShow(getDb(), client(), GOT);
    expect(await trailer()).toBe('myTrailer');

    expect(await useTmdb({ kind: 'show', id: showId, field: 'trailerKey' })).toEqual({ message: 'Content updated successfully!' });
    expect(await useTmdb({ kind: 'episode', id: first.id, field: 'name' })).toEqual({ message: 'Episode updated successfully!' });

    expect(await trailer()).toBe('tmdbLatest');
    expect((await showRow(GOT)).adminOwned).toEqual({});
    expect(await episodeAt(getDb(), showId, 1, 1)).toMatchObject({ name: 'Winter Is Coming', admin_overrides: {} });
    fake.edit(`/tv/${GOT}`, { videos: { results: [{ key: 'tmdbNewer', site: 'YouTube', type: 'Trailer' }] } });
    await importShow(getDb(), client(), GOT);
    expect(await trailer()).toBe('tmdbNewer');
  });

  it('"Use TMDB\'s" refuses a field that is TMDB\'s already, and a number another episode holds, changing nothing', async () => {
    const second = await episodeAt(getDb(), showId, 1, 2);
    const notOwned = await tryUseTmdb({ kind: 'episode', id: second.id, field: 'name' });
    expect(notOwned.status).toBe(409);
    expect(await notOwned.json()).toEqual({ error: 'This field is TMDB\'s already.' });

    await editEpisode(getDb(), second.id, { episodeNumber: 12 });
    const first = await episodeAt(getDb(), showId, 1, 1);
    await editEpisode(getDb(), first.id, { episodeNumber: 2 });
    const taken = await tryUseTmdb({ kind: 'episode', id: second.id, field: 'episodeNumber' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'Episode 2 of season 1 already exists.' });
    expect(await episodeAt(getDb(), showId, 1, 12)).toMatchObject({ id: second.id, admin_overrides: { episode_number: 2 } });

    const missing = await tryUseTmdb({ kind: 'show', id: 2_000_000_000, field: 'trailerKey' });
    expect(missing.status).toBe(404);
  });

  it('a deleted episode: no re-import adds it again, and "Use TMDB\'s" brings it back in its place', async () => {
    const tenth = await episodeAt(getDb(), showId, 1, 10);
    await deleteEpisode(tenth.id);
    await importShow(getDb(), client(), GOT);
    expect(await seasonEpisodes(getDb(), showId, 1)).toHaveLength(9);
    const { deleted } = await seasonView(showId, 1);
    expect(deleted).toEqual([{ tmdbId: tenth.tmdb_id, episodeNumber: 10, name: 'S1E10' }]);

    expect(await useTmdb({ kind: 'deletedEpisode', showId, tmdbId: tenth.tmdb_id! })).toEqual({ message: 'Episode restored from TMDB.' });

    expect(await episodeAt(getDb(), showId, 1, 10)).toMatchObject({ tmdb_id: tenth.tmdb_id, name: 'S1E10', still_path: tenth.still_path });
    expect((await seasonView(showId, 1)).deleted).toEqual([]);
    await importShow(getDb(), client(), GOT);
    expect(await seasonEpisodes(getDb(), showId, 1)).toHaveLength(10);
  });

  it('re-imports keep what the admin set: Add New of the show, and a Bulk Import page that lists it', async () => {
    vi.stubEnv('TMDB_API_KEY', fake.apiKey);
    vi.stubEnv('TMDB_API_BASE_URL', fake.baseUrl);
    await editShowTrailer(showId, 'myTrailer');
    const first = await episodeAt(getDb(), showId, 1, 1);
    await editEpisode(getDb(), first.id, { name: 'Mine', episodeNumber: 11 });
    fake.edit(`/tv/${GOT}`, { overview: 'Re-imported overview', videos: { results: [{ key: 'tmdbOther', site: 'YouTube', type: 'Trailer' }] } });
    fake.editEpisode(GOT, 1, 1, { name: 'TMDB\'s name', overview: 'Re-imported episode overview' });

    for (const reimport of [() => addShow(GOT), () => importPopularPage(getDb(), client(), 'tv', 1)]) {
      await reimport();
      expect(await getDb().selectFrom('tv_shows').select(['trailer_key', 'overview']).where('id', '=', showId).executeTakeFirstOrThrow())
        .toEqual({ trailer_key: 'myTrailer', overview: 'Re-imported overview' });
      const season = await seasonEpisodes(getDb(), showId, 1);
      expect(season.map((episode) => episode.episode_number)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(season.at(-1)).toMatchObject({ id: first.id, name: 'Mine', overview: 'Re-imported episode overview' });
    }
  });

  it('Add New of a movie we have, its link fields left empty, keeps the admin\'s links and publish state', async () => {
    vi.stubEnv('TMDB_API_KEY', fake.apiKey);
    vi.stubEnv('TMDB_API_BASE_URL', fake.baseUrl);
    const { id } = await addMovie(2);
    await editMovieLinks(id, 'https://stream.example/2', 'https://dl.example/2');
    await publish('movie', [id], false);
    fake.edit('/movie/2', { overview: 'Added again' });

    expect(await addMovie(2)).toMatchObject({ id, created: false });

    expect(await getDb().selectFrom('movies').select(['stream_url', 'download_url', 'is_published', 'overview']).where('id', '=', id).executeTakeFirstOrThrow())
      .toEqual({ stream_url: 'https://stream.example/2', download_url: 'https://dl.example/2', is_published: false, overview: 'Added again' });
  });

  it('a backup carries what is the admin\'s, and a backup from before restores with nothing of the admin\'s', async () => {
    await editShowTrailer(showId, 'myTrailer');
    const first = await episodeAt(getDb(), showId, 1, 1);
    await editEpisode(getDb(), first.id, { name: 'Mine' });
    await deleteEpisode((await episodeAt(getDb(), showId, 1, 10)).id);
    const backup = await createBackup(getDb());
    const target = await createTestDatabase(engine);
    extra.push(target);

    await restoreBackup(target.db, backup, 'replace');

    const restored = await target.db.selectFrom('tv_shows').select(['admin_overrides', 'deleted_episodes']).where('id', '=', showId).executeTakeFirstOrThrow();
    expect(restored.admin_overrides).toEqual({ trailer_key: 'tvtrailer1399' });
    expect(restored.deleted_episodes.map((episode) => episode.episode_number)).toEqual([10]);
    fake.edit(`/tv/${GOT}`, { videos: { results: [{ key: 'tmdbOther', site: 'YouTube', type: 'Trailer' }] } });
    await importShow(target.db, client(), GOT);
    expect(await target.db.selectFrom('tv_shows').select('trailer_key').where('id', '=', showId).executeTakeFirstOrThrow()).toEqual({ trailer_key: 'myTrailer' });
    expect(await seasonEpisodes(target.db, showId, 1)).toHaveLength(9);
    expect((await episodeAt(target.db, showId, 1, 1)).name).toBe('Mine');

    // A file written before the admin's fields were kept: the same rows without them.
    const before = structuredClone(backup);
    for (const row of [...before.tables.tv_shows, ...before.tables.tv_show_episodes]) {
      delete row.admin_overrides;
      delete row.deleted_episodes;
    }
    await restoreBackup(target.db, before, 'replace');
    expect(await target.db.selectFrom('tv_shows').select(['trailer_key', 'admin_overrides', 'deleted_episodes']).where('id', '=', showId).executeTakeFirstOrThrow())
      .toEqual({ trailer_key: 'myTrailer', admin_overrides: {}, deleted_episodes: [] });
    expect(await episodeAt(target.db, showId, 1, 1)).toMatchObject({ name: 'Mine', admin_overrides: {} });
  });
});
