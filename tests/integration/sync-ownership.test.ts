/**
 * Issue 36: what the admin set is the admin's. For every field an admin can edit, the admin edits it through the
 * dashboard's endpoint, TMDB then changes that field and others, and the TMDB sync runs against the fake TMDB: the
 * admin's value stays, and TMDB's other fields arrive. Then the Game of Thrones journey, end to end.
 */
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { createTmdbClient } from '../../src/lib/tmdb/client.ts';
import { importMovie, importShow } from '../../src/lib/tmdb/importer.ts';
import { createSync, latestSync, runSync } from '../../src/lib/tmdb/sync.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const {
  addShow, deleteEpisode, editEpisode, editMovieLinks, editShowTrailer, episodeAt, ownedOf, publish, seasonEpisodes, seasonView, showRow,
  uploadLinks,
} = await import('../support/admin-edits.ts');

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });
afterEach(() => vi.unstubAllEnvs());

const GOT = 1399;
/** The fixture numbers TMDB's episodes `show * 1000 + season * 10 + episode`. */
const tmdbEpisodeId = (season: number, episode: number) => GOT * 1000 + season * 10 + episode;
const client = () => createTmdbClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 5, requestsPerSecond: 500 });

async function sync(db: Kysely<Database>) {
  const { sync: created } = await createSync(db, 'admin');
  await runSync(db, client(), created.id);
  const done = (await latestSync(db))!;
  expect(done).toMatchObject({ status: 'done', skipped: [] });
  return done;
}

describeEachEngine('the TMDB sync keeps what the admin set', (getDb) => {
  let movieId: number;
  let showId: number;
  beforeEach(async () => {
    const db = getDb();
    currentDb = db;
    fake.reset();
    fake.airSeason(GOT, 1, 10);
    await db.deleteFrom('movies').execute();
    await db.deleteFrom('tv_shows').execute();
    await db.deleteFrom('tmdb_syncs').execute();
    movieId = (await importMovie(db, client(), 1)).id;
    showId = (await importShow(db, client(), GOT)).id;
  });
  const show = () => getDb().selectFrom('tv_shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow();
  const movie = () => getDb().selectFrom('movies').selectAll().where('id', '=', movieId).executeTakeFirstOrThrow();

  it('movie links: the admin\'s stay, TMDB\'s overview and rating arrive', async () => {
    await editMovieLinks(movieId, 'https://stream.example/1', 'https://dl.example/1');
    fake.edit('/movie/1', { overview: 'TMDB\'s new overview', vote_average: 9.2 });
    fake.setChanges('movie', [1]);

    await sync(getDb());

    expect(await movie()).toMatchObject({ stream_url: 'https://stream.example/1', download_url: 'https://dl.example/1',
      overview: 'TMDB\'s new overview', vote_average: 9.2 });
  });

  it('publish state: a movie and a show the admin took down stay down, TMDB\'s overviews arrive', async () => {
    await publish('movie', [movieId], false);
    await publish('tv', [showId], false);
    fake.edit('/movie/1', { overview: 'Movie overview, changed' });
    fake.edit(`/tv/${GOT}`, { overview: 'Show overview, changed' });
    fake.setChanges('movie', [1]);
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    expect(await movie()).toMatchObject({ is_published: false, overview: 'Movie overview, changed' });
    expect(await show()).toMatchObject({ is_published: false, overview: 'Show overview, changed' });
  });

  it('trailer: the admin\'s stays, marked as the admin\'s with TMDB\'s new one kept for "Use TMDB\'s"; TMDB\'s overview arrives', async () => {
    await editShowTrailer(showId, 'adminPick_1');
    fake.edit(`/tv/${GOT}`, { overview: 'New show overview', videos: { results: [{ key: 'tmdbNew_2', site: 'YouTube', type: 'Trailer', official: true }] } });
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    expect(await show()).toMatchObject({ trailer_key: 'adminPick_1', overview: 'New show overview' });
    expect((await showRow(GOT)).adminOwned).toEqual({ trailerKey: 'tmdbNew_2' });
  });

  it('episode name: the admin\'s stays; TMDB\'s new overview of that episode arrives', async () => {
    const first = await episodeAt(getDb(), showId, 1, 1);
    await editEpisode(getDb(), first.id, { name: 'The admin\'s pilot' });
    fake.editEpisode(GOT, 1, 1, { name: 'TMDB renamed it', overview: 'TMDB\'s new episode overview' });
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    expect(await episodeAt(getDb(), showId, 1, 1)).toMatchObject({ id: first.id, name: 'The admin\'s pilot', overview: 'TMDB\'s new episode overview' });
    expect(await ownedOf(showId, 1, first.id)).toEqual({ name: 'TMDB renamed it' });
  });

  it('episode overview: the admin\'s stays; TMDB\'s new name of that episode arrives', async () => {
    const third = await episodeAt(getDb(), showId, 1, 3);
    await editEpisode(getDb(), third.id, { overview: 'The admin\'s summary' });
    fake.editEpisode(GOT, 1, 3, { name: 'Lord Snow', overview: 'TMDB\'s summary' });
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    expect(await episodeAt(getDb(), showId, 1, 3)).toMatchObject({ id: third.id, name: 'Lord Snow', overview: 'The admin\'s summary' });
  });

  it('episode number: the renumbered episode stays where the admin put it and gets TMDB\'s changes; no second copy arrives', async () => {
    const second = await episodeAt(getDb(), showId, 1, 2);
    await editEpisode(getDb(), second.id, { episodeNumber: 12 });
    fake.editEpisode(GOT, 1, 2, { name: 'The Kingsroad' });
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    const season = await seasonEpisodes(getDb(), showId, 1);
    expect(season.map((episode) => episode.episode_number)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    expect(season.at(-1)).toMatchObject({ id: second.id, name: 'The Kingsroad', tmdb_id: tmdbEpisodeId(1, 2) });
  });

  it('episode number: when TMDB renumbers that episode too, the admin\'s number stays and TMDB\'s is kept for "Use TMDB\'s"', async () => {
    const second = await episodeAt(getDb(), showId, 1, 2);
    await editEpisode(getDb(), second.id, { episodeNumber: 12 });
    fake.editEpisode(GOT, 1, 2, { episode_number: 11 });
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    expect((await seasonEpisodes(getDb(), showId, 1)).map((episode) => episode.episode_number)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    expect(await ownedOf(showId, 1, second.id)).toEqual({ episodeNumber: 11 });
  });

  it('episode links, from the edit and from the bulk upload: the admin\'s stay; TMDB\'s new names arrive', async () => {
    const fourth = await episodeAt(getDb(), showId, 1, 4);
    await editEpisode(getDb(), fourth.id, { streamUrl: 'https://stream.example/e4', downloadUrl: 'https://dl.example/e4' });
    await uploadLinks(showId, 1, [{ episodeNumber: 5, watch: 'https://stream.example/e5', download: 'https://dl.example/e5' }]);
    fake.editEpisode(GOT, 1, 4, { name: 'Cripples, Bastards, and Broken Things' });
    fake.editEpisode(GOT, 1, 5, { name: 'The Wolf and the Lion' });
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    expect(await episodeAt(getDb(), showId, 1, 4)).toMatchObject({ name: 'Cripples, Bastards, and Broken Things',
      stream_url: 'https://stream.example/e4', download_url: 'https://dl.example/e4' });
    expect(await episodeAt(getDb(), showId, 1, 5)).toMatchObject({ name: 'The Wolf and the Lion',
      stream_url: 'https://stream.example/e5', download_url: 'https://dl.example/e5' });
    // Links are the admin's alone: nothing to hand back.
    expect(await ownedOf(showId, 1, fourth.id)).toEqual({});
  });

  it('episode TMDB id: the admin\'s stays when TMDB gives the episode a new id; TMDB\'s new name arrives; no second copy', async () => {
    const sixth = await episodeAt(getDb(), showId, 1, 6);
    await editEpisode(getDb(), sixth.id, { tmdbId: 4242 });
    fake.editEpisode(GOT, 1, 6, { id: 63_061, name: 'A Golden Crown' });
    fake.setChanges('tv', [GOT]);

    await sync(getDb());

    const season = await seasonEpisodes(getDb(), showId, 1);
    expect(season).toHaveLength(10);
    expect(season[5]).toMatchObject({ id: sixth.id, episode_number: 6, tmdb_id: 4242, name: 'A Golden Crown' });
    expect(await ownedOf(showId, 1, sixth.id)).toEqual({ tmdbId: 63_061 });
  });

  it('a deleted episode: TMDB\'s changes to it do not bring it back; its neighbour\'s changes arrive', async () => {
    const tenth = await episodeAt(getDb(), showId, 1, 10);
    await deleteEpisode(tenth.id);
    fake.editEpisode(GOT, 1, 10, { name: 'Fire and Blood' });
    fake.editEpisode(GOT, 1, 9, { overview: 'Baelor, changed' });
    fake.setChanges('tv', [GOT]);

    const done = await sync(getDb());

    expect(done.changes).toMatchObject({ shows: 1, episodes: 0 });
    const season = await seasonEpisodes(getDb(), showId, 1);
    expect(season.map((episode) => episode.episode_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(season[8]!.overview).toBe('Baelor, changed');
    // The Episodes screen lists it with TMDB's latest name, to bring back if the admin wants.
    expect((await seasonView(showId, 1)).deleted).toEqual([{ tmdbId: tmdbEpisodeId(1, 10), episodeNumber: 10, name: 'Fire and Blood' }]);
  });

  it('Game of Thrones (issue 36): add, pick a trailer, rename episode 1 and link it, renumber episode 2; TMDB changes the overview; sync', async () => {
    const db = getDb();
    await db.deleteFrom('tv_shows').execute();
    vi.stubEnv('TMDB_API_KEY', fake.apiKey);
    vi.stubEnv('TMDB_API_BASE_URL', fake.baseUrl);
    const added = await addShow(GOT);
    expect(added.created).toBe(true);
    await editShowTrailer(added.id, 'anotherTrailer');
    const first = await episodeAt(db, added.id, 1, 1);
    await editEpisode(db, first.id, { name: 'The admin\'s Winter', streamUrl: 'https://stream.example/got-1' });
    const second = await episodeAt(db, added.id, 1, 2);
    await editEpisode(db, second.id, { episodeNumber: 11 });
    fake.edit(`/tv/${GOT}`, { overview: 'TMDB\'s new overview of the show' });
    fake.setChanges('tv', [GOT]);

    await sync(db);

    expect(await db.selectFrom('tv_shows').select(['overview', 'trailer_key']).where('id', '=', added.id).executeTakeFirstOrThrow())
      .toEqual({ overview: 'TMDB\'s new overview of the show', trailer_key: 'anotherTrailer' });
    const season = await seasonEpisodes(db, added.id, 1);
    expect(season).toHaveLength(10);
    expect(season[0]).toMatchObject({ id: first.id, name: 'The admin\'s Winter', stream_url: 'https://stream.example/got-1' });
    expect(season.map((episode) => episode.episode_number)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(season.at(-1)!.id).toBe(second.id);
  });
});
