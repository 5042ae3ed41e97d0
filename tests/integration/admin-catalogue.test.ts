import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { deleteTitles, listTitles, setPublished, updateMovieLinks } from '../../src/lib/admin/titles.ts';
import { deleteEpisode, loadSeasonView, updateEpisode, uploadEpisodeLinks } from '../../src/lib/admin/episodes.ts';
import { deleteRequest, listRequests } from '../../src/lib/admin/requests.ts';
import { getAnalyticsSummary } from '../../src/lib/analytics/summary.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describeEachEngine('admin titles', (getDb) => {
  it('lists newest first with a total, searching title (any case, contains) or numeric TMDB id', async () => {
    const db = getDb();
    await insertMovie(db, { title: 'Zeta Café Story', tmdb_id: 501, created_at: day(1), is_published: false });
    await insertMovie(db, { title: 'Alpha', tmdb_id: 502, created_at: day(3) });
    await insertMovie(db, { title: 'Beta 501%', tmdb_id: 503, created_at: day(2) });

    const all = await listTitles(db, 'movie');
    expect(all.total).toBe(3);
    expect(all.items.map((row) => row.title)).toEqual(['Alpha', 'Beta 501%', 'Zeta Café Story']);
    expect(all.items[2]).toMatchObject({ tmdbId: 501, isPublished: false, streamUrl: null });

    expect((await listTitles(db, 'movie', { q: 'café' })).items.map((row) => row.tmdbId)).toEqual([501]);
    expect((await listTitles(db, 'movie', { q: 'ZETA' })).items.map((row) => row.tmdbId)).toEqual([501]);
    // Numeric: the TMDB id 501 and the title containing "501".
    expect((await listTitles(db, 'movie', { q: '501' })).items.map((row) => row.tmdbId)).toEqual([503, 501]);
    // LIKE wildcards are literal.
    expect((await listTitles(db, 'movie', { q: '%' })).items.map((row) => row.tmdbId)).toEqual([503]);
    const paged = await listTitles(db, 'movie', { page: 2, pageSize: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2 });
    expect(paged.items.map((row) => row.title)).toEqual(['Zeta Café Story']);
  });

  it('lists shows by name with their season count', async () => {
    const db = getDb();
    await insertShow(db, { name: 'Harbour Lights', number_of_seasons: 3, created_at: day(5) });
    const list = await listTitles(db, 'tv', { q: 'harbour' });
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ title: 'Harbour Lights', numberOfSeasons: 3 });
    expect(list.items[0]).not.toHaveProperty('streamUrl');
  });

  it('publishes, unpublishes and updates links', async () => {
    const db = getDb();
    const a = await insertMovie(db, { is_published: false });
    const b = await insertMovie(db, { is_published: false });
    expect(await setPublished(db, 'movie', [a.id, b.id], true)).toBe(2);
    const published = await db.selectFrom('movies').select('is_published').where('id', 'in', [a.id, b.id]).execute();
    expect(published.every((row) => row.is_published)).toBe(true);
    expect(await setPublished(db, 'movie', [a.id], false)).toBe(1);
    expect((await db.selectFrom('movies').select('is_published').where('id', '=', a.id).executeTakeFirstOrThrow()).is_published).toBe(false);

    expect(await updateMovieLinks(db, a.id, { streamUrl: 'https://example.com/s', downloadUrl: null })).toBe(true);
    expect(await db.selectFrom('movies').select(['stream_url', 'download_url']).where('id', '=', a.id).executeTakeFirstOrThrow())
      .toEqual({ stream_url: 'https://example.com/s', download_url: null });
    expect(await updateMovieLinks(db, 999999, { streamUrl: null, downloadUrl: null })).toBe(false);
  });

  it('deleting a title removes its genres, credits, providers and episodes but not the shared rows', async () => {
    const db = getDb();
    await insertGenres(db);
    await insertPerson(db, 90001, 'Shared Actor');
    await db.insertInto('platforms').values({ id: 9001, name: 'Stream+', logo_path: null }).execute();
    const movie = await insertMovie(db, { genres: [28] });
    const show = await insertShow(db, { genres: [18] });
    await db.insertInto('movie_credits').values({ movie_id: movie.id, person_id: 90001, character_name: 'Hero' }).execute();
    await db.insertInto('movie_providers').values({ movie_id: movie.id, platform_id: 9001 }).execute();
    await db.insertInto('tv_show_episodes').values({ tv_show_id: show.id, season_number: 1, episode_number: 1 }).execute();

    expect(await deleteTitles(db, 'movie', [movie.id])).toBe(1);
    expect(await deleteTitles(db, 'tv', [show.id])).toBe(1);
    const count = async (table: 'movie_genres' | 'movie_credits' | 'movie_providers' | 'tv_show_genres') =>
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
    expect(await count('movie_credits')).toBe(0);
    expect(await count('movie_providers')).toBe(0);
    const episodes = await db.selectFrom('tv_show_episodes').select('id').where('tv_show_id', '=', show.id).execute();
    expect(episodes).toEqual([]);
    expect(await db.selectFrom('people').select('id').where('id', '=', 90001).executeTakeFirst()).toBeDefined();
    expect(await db.selectFrom('platforms').select('id').where('id', '=', 9001).executeTakeFirst()).toBeDefined();
  });
});

describeEachEngine('admin episodes', (getDb) => {
  async function showWithEpisodes() {
    const db = getDb();
    const show = await insertShow(db, { number_of_seasons: 2 });
    await db.insertInto('tv_show_episodes').values([
      { tv_show_id: show.id, season_number: 1, episode_number: 2, name: 'Two' },
      { tv_show_id: show.id, season_number: 1, episode_number: 1, name: 'One' },
      { tv_show_id: show.id, season_number: 1, episode_number: 3, name: 'Three' },
      { tv_show_id: show.id, season_number: 0, episode_number: 1, name: 'Special' },
    ]).execute();
    return show;
  }

  it('season view: specials first when present, episodes in order, first season above 0 by default', async () => {
    const db = getDb();
    const show = await showWithEpisodes();
    const view = await loadSeasonView(db, show.id);
    expect(view?.seasons).toEqual([0, 1, 2]);
    expect(view?.season).toBe(1);
    expect(view?.episodes.map((episode) => episode.name)).toEqual(['One', 'Two', 'Three']);
    expect((await loadSeasonView(db, show.id, 0))?.episodes.map((episode) => episode.name)).toEqual(['Special']);
    const plain = await insertShow(db, { number_of_seasons: 1 });
    expect((await loadSeasonView(db, plain.id))?.seasons).toEqual([1]);
    expect(await loadSeasonView(db, 987654)).toBeNull();
  });

  it('updates and deletes one episode', async () => {
    const db = getDb();
    const show = await showWithEpisodes();
    const [first] = (await loadSeasonView(db, show.id, 1))!.episodes;
    expect(await updateEpisode(db, first!.id, { name: 'Pilot', overview: 'Start', streamUrl: '/embed/tv/1/1/1', downloadUrl: null })).toBe(show.id);
    expect(await db.selectFrom('tv_show_episodes').select(['name', 'overview', 'stream_url']).where('id', '=', first!.id).executeTakeFirstOrThrow())
      .toEqual({ name: 'Pilot', overview: 'Start', stream_url: '/embed/tv/1/1/1' });
    expect(await deleteEpisode(db, first!.id)).toBe(show.id);
    expect(await deleteEpisode(db, first!.id)).toBeNull();
    expect((await loadSeasonView(db, show.id, 1))!.episodes.map((episode) => episode.episodeNumber)).toEqual([2, 3]);
  });

  it('bulk links: items in episode order, explicit episode numbers, per-item errors, the rest applied', async () => {
    const db = getDb();
    const show = await showWithEpisodes();
    const result = await uploadEpisodeLinks(db, show.id, 1, [
      { watch: 'https://cdn.example/1', download: 'https://dl.example/1' },
      { watch: 'not a url' },
      { episodeNumber: 3, streamUrl: 'https://cdn.example/3' },
      { episodeNumber: 9, watch: 'https://cdn.example/9' },
    ]);
    expect(result?.updated).toBe(2);
    expect(result?.errors).toEqual([
      { index: 1, episodeNumber: 2, error: 'watch: Must be a valid URL.' },
      { index: 3, episodeNumber: 9, error: 'Episode 9 of season 1 does not exist.' },
    ]);
    expect(result?.message).toBe('Updated 2 of 4 episodes; 2 failed.');
    const rows = (await loadSeasonView(db, show.id, 1))!.episodes;
    expect(rows.map((row) => [row.episodeNumber, row.streamUrl, row.downloadUrl])).toEqual([
      [1, 'https://cdn.example/1', 'https://dl.example/1'],
      [2, null, null],
      [3, 'https://cdn.example/3', null],
    ]);
    // A field the upload does not know (the column names older files used) is an error, not an item with no links.
    const retired = await uploadEpisodeLinks(db, show.id, 1, [{ stream_url: 'https://cdn.example/old' }]);
    expect(retired?.errors).toEqual([{ index: 0, episodeNumber: 1, error: 'Unrecognized key: "stream_url"' }]);
    expect((await loadSeasonView(db, show.id, 1))!.episodes[0]!.streamUrl).toBe('https://cdn.example/1');
    expect(await uploadEpisodeLinks(db, 987654, 1, [{}])).toBeNull();
  });
});

describeEachEngine('admin requests and analytics', (getDb) => {
  it('requests: newest first, search on message, delete', async () => {
    const db = getDb();
    await db.insertInto('requests').values([
      { message: 'Please add Dune', created_at: day(1) },
      { message: 'More anime 100%', created_at: day(3), user_email: 'a@example.com' },
      { message: 'dune part two', created_at: day(2) },
    ]).execute();
    const all = await listRequests(db);
    expect(all.total).toBe(3);
    expect(all.items.map((row) => row.message)).toEqual(['More anime 100%', 'dune part two', 'Please add Dune']);
    expect((await listRequests(db, { q: 'DUNE' })).items.map((row) => row.message)).toEqual(['dune part two', 'Please add Dune']);
    expect((await listRequests(db, { q: '0%' })).total).toBe(1);
    expect(await deleteRequest(db, all.items[0]!.id)).toBe(true);
    expect(await deleteRequest(db, all.items[0]!.id)).toBe(false);
    expect((await listRequests(db)).total).toBe(2);
  });

  it('analytics by period: totals, top 10 countries, device types', async () => {
    const db = getDb();
    const now = new Date(Date.UTC(2026, 5, 30, 12));
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const events = [
      ...Array.from({ length: 3 }, () => ({ occurred_at: ago(0.5), country: 'DE', device_type: 'mobile' })),
      ...Array.from({ length: 2 }, () => ({ occurred_at: ago(3), country: 'FR', device_type: 'desktop' })),
      { occurred_at: ago(20), country: 'US', device_type: 'tablet' },
      { occurred_at: ago(200), country: 'US', device_type: 'desktop' },
      { occurred_at: ago(1000), country: 'JP', device_type: 'desktop' },
      ...Array.from({ length: 11 }, (_, i) => ({ occurred_at: ago(400), country: `C${String(i).padStart(2, '0')}`, device_type: 'tv' })),
    ];
    await db.insertInto('view_events').values(events).execute();

    expect(await getAnalyticsSummary(db, '1d', now)).toEqual({
      period: '1d', totalViews: 3, topCountries: [{ country: 'DE', count: 3 }], deviceTypes: [{ deviceType: 'mobile', count: 3 }],
    });
    const week = await getAnalyticsSummary(db, '7d', now);
    expect(week.totalViews).toBe(5);
    expect(week.topCountries).toEqual([{ country: 'DE', count: 3 }, { country: 'FR', count: 2 }]);
    expect((await getAnalyticsSummary(db, '30d', now)).totalViews).toBe(6);
    const year = await getAnalyticsSummary(db, '365d', now);
    expect(year.totalViews).toBe(7);
    expect(year.topCountries[0]).toEqual({ country: 'DE', count: 3 });
    const all = await getAnalyticsSummary(db, 'all', now);
    expect(all.totalViews).toBe(19);
    expect(all.topCountries).toHaveLength(10);
    expect(all.deviceTypes).toEqual([
      { deviceType: 'tv', count: 11 }, { deviceType: 'desktop', count: 4 }, { deviceType: 'mobile', count: 3 }, { deviceType: 'tablet', count: 1 },
    ]);
  });
});
