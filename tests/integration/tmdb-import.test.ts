import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { createTmdbClient } from '../../src/lib/tmdb/client.ts';
import { importMovie, importPopularPage, importShow, fetchPerson } from '../../src/lib/tmdb/importer.ts';

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });

const client = (options: { apiKey?: string } = {}) =>
  createTmdbClient({ apiKey: options.apiKey ?? fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 10, requestsPerSecond: 200 });

describeEachEngine('TMDB import', (getDb) => {
  it('imports a popular page of movies with genres, credits, people, providers and collection, one request per title', async () => {
    const db = getDb();
    const before = fake.requests.length;
    const result = await importPopularPage(db, client(), 'movie', 1);
    expect(result).toMatchObject({ processed: 5, nextPage: 2 });
    const requests = fake.requests.slice(before);
    expect(requests.map((r) => r.path)).toEqual(['/movie/popular', '/movie/1', '/movie/2', '/movie/3', '/movie/4', '/movie/5']);
    expect(requests[1]!.query.get('append_to_response')).toBe('credits,videos,images,watch/providers,external_ids,recommendations,release_dates');

    const movie = await db.selectFrom('movies').selectAll().where('tmdb_id', '=', 1).executeTakeFirstOrThrow();
    expect(movie).toMatchObject({ title: 'Movie 1', trailer_key: 'trailer1', collection_id: 900, runtime: 101, is_published: true,
      recommended_tmdb_ids: [101], budget: 1000000 });
    expect(movie.screenshots).toHaveLength(8);
    expect(movie.production_companies).toEqual([{ id: 1, name: 'Lucasfilm', logo_path: '/lf.png' }]);
    const genres = await db.selectFrom('movie_genres').select('genre_id').where('movie_id', '=', movie.id).orderBy('genre_id').execute();
    expect(genres.map((g) => g.genre_id)).toEqual([18, 28]);
    const credits = await db.selectFrom('movie_credits').innerJoin('people', 'people.id', 'movie_credits.person_id')
      .select(['people.name', 'character_name', 'credit_order']).where('movie_id', '=', movie.id).orderBy('credit_order').execute();
    expect(credits).toEqual([{ name: 'Person 5001', character_name: 'Role 0', credit_order: 0 }, { name: 'Person 6000', character_name: 'Role 1', credit_order: 1 }]);
    const platforms = await db.selectFrom('movie_providers').innerJoin('platforms', 'platforms.id', 'platform_id')
      .select(['platforms.id', 'logo_path']).where('movie_id', '=', movie.id).orderBy('platforms.id').execute();
    expect(platforms).toEqual([{ id: 2, logo_path: '/p2.jpg' }, { id: 8, logo_path: '/p8.jpg' }, { id: 337, logo_path: '/p337.jpg' }]);
    expect(await db.selectFrom('collections').select('name').where('id', '=', 900).executeTakeFirst()).toEqual({ name: 'Fixture Collection' });
  });

  it('imports a show with every season and episode, specials included', async () => {
    const db = getDb();
    const summary = await importShow(db, client(), 1399);
    expect(summary.title).toBe('Show 1399');
    const episodes = await db.selectFrom('tv_show_episodes').select(['season_number', 'episode_number', 'name'])
      .where('tv_show_id', '=', summary.id).orderBy('season_number').orderBy('episode_number').execute();
    expect(episodes.map((e) => e.name)).toEqual(['S0E1', 'S0E2', 'S1E1', 'S1E2', 'S2E1', 'S2E2']);
    const show = await db.selectFrom('tv_shows').selectAll().where('id', '=', summary.id).executeTakeFirstOrThrow();
    expect(show).toMatchObject({ number_of_seasons: 2, trailer_key: 'tvtrailer1399' });
    const credit = await db.selectFrom('tv_show_credits').select('character_name').where('tv_show_id', '=', summary.id).executeTakeFirstOrThrow();
    expect(credit.character_name).toBe('Role 0');
  });

  it('re-import keeps admin URLs and is_published, and adds no duplicates', async () => {
    const db = getDb();
    const first = await importMovie(db, client(), 550, { streamUrl: 'https://stream.example/550', downloadUrl: 'https://dl.example/550' });
    await db.updateTable('movies').set({ is_published: false }).where('id', '=', first.id).execute();
    const show = await importShow(db, client(), 1400);
    await db.updateTable('tv_show_episodes').set({ stream_url: 'https://stream.example/ep' }).where('tv_show_id', '=', show.id).execute();
    const count = async () => Promise.all(['movies', 'movie_credits', 'movie_genres', 'movie_providers', 'people', 'tv_show_episodes', 'platforms']
      .map(async (table) => (await db.selectFrom(table as 'movies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
    const counts = await count();

    const again = await importMovie(db, client(), 550);
    expect(again).toMatchObject({ id: first.id, created: false });
    await importShow(db, client(), 1400);
    expect(await count()).toEqual(counts);
    const movie = await db.selectFrom('movies').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(movie).toMatchObject({ stream_url: 'https://stream.example/550', download_url: 'https://dl.example/550', is_published: false });
    const urls = await db.selectFrom('tv_show_episodes').select('stream_url').where('tv_show_id', '=', show.id).execute();
    expect(urls.every((u) => u.stream_url === 'https://stream.example/ep')).toBe(true);
  });

  it('matches episodes by TMDB id: when TMDB swaps two episodes\' numbers, each row moves with its episode and its links', async () => {
    const db = getDb();
    const show = await importShow(db, client(), 1400);
    const episodes = () => db.selectFrom('tv_show_episodes').select(['id', 'episode_number', 'tmdb_id', 'name', 'stream_url'])
      .where('tv_show_id', '=', show.id).orderBy('episode_number').execute();
    const [first, second] = await episodes();
    await db.updateTable('tv_show_episodes').set({ stream_url: 'https://stream.example/pilot' }).where('id', '=', first!.id).execute();
    fake.editEpisode(1400, 1, 1, { episode_number: 2 });
    fake.editEpisode(1400, 1, 2, { episode_number: 1 });
    try {
      await importShow(db, client(), 1400);
    } finally {
      fake.reset();
    }
    expect(await episodes()).toEqual([
      { ...second!, episode_number: 1 },
      { ...first!, episode_number: 2, stream_url: 'https://stream.example/pilot' },
    ]);
  });

  it('honours 429 Retry-After and retries a 500, still importing the title', async () => {
    const db = getDb();
    fake.failNext('/movie/3', { status: 429, retryAfter: 1 });
    fake.failNext('/movie/3', { status: 500 });
    const before = fake.requests.length;
    const started = Date.now();
    const summary = await importMovie(db, client(), 3);
    expect(summary.title).toBe('Movie 3');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/movie/3', '/movie/3', '/movie/3']);
  });

  it('gives clear errors for a bad key and an unknown id, and fetches a person', async () => {
    const db = getDb();
    await expect(importMovie(db, client({ apiKey: 'wrong' }), 1)).rejects.toThrow('TMDB rejected the API key (check TMDB_API_KEY).');
    await expect(importMovie(db, client(), 999999)).rejects.toThrow('TMDB has no movie with id 999999.');
    const person = await fetchPerson(createTmdbClient({ apiKey: fake.bearerToken, baseUrl: fake.baseUrl }), 31);
    expect(person).toMatchObject({ name: 'Person 31', external_ids: { twitter_id: 'tw31', instagram_id: 'ig31' } });
  });
});
