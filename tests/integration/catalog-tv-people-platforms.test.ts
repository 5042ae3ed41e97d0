import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { loadTvPages } from '../../src/lib/page-loaders/tv-page.ts';
import { moreLikeThisRow } from '../../src/lib/page-loaders/more-like-this.ts';
import { listPeople } from '../../src/lib/catalog/people.ts';
import { loadPersonPages } from '../../src/lib/page-loaders/person-page.ts';
import { listPlatforms, platformTitles, platformTotals } from '../../src/lib/catalog/platforms.ts';
import { platformPage } from '../../src/lib/pages/listing-pages.ts';
import { sitemapEntries } from '../../src/lib/page-loaders/sitemap.ts';

describeEachEngine('TV page', (getDb) => {
  it('loads seasons with episodes in order, cast, platforms and shows sharing genres, in bulk', async () => {
    const db = getDb();
    await insertGenres(db);
    await db.insertInto('platforms').values({ id: 88, name: 'ShowCo', logo_path: null }).execute();
    const main = await insertShow(db, { name: 'Main Show!', first_air_date: '2011-02-03', number_of_seasons: 2, genres: [18, 35], trailer_key: 'abc' });
    const twoShared = await insertShow(db, { name: 'Two Shared', vote_average: 5, genres: [18, 35] });
    const oneShared = await insertShow(db, { name: 'One Shared', vote_average: 9, genres: [18] });
    await insertShow(db, { name: 'Draft Shared', is_published: false, genres: [18, 35] });
    await insertShow(db, { name: 'Unrelated', genres: [10762] });
    await db.insertInto('tv_show_providers').values({ tv_show_id: main.id, platform_id: 88 }).execute();
    await db.insertInto('tv_show_episodes').values([
      { tv_show_id: main.id, season_number: 2, episode_number: 1, name: 'Second One', stream_url: '/embed/x' },
      { tv_show_id: main.id, season_number: 1, episode_number: 2, name: 'Two', stream_url: null },
      { tv_show_id: main.id, season_number: 1, episode_number: 1, name: 'Pilot', stream_url: '/embed/y' },
      { tv_show_id: main.id, season_number: 0, episode_number: 1, name: 'Special', still_path: '/s.jpg' },
    ]).execute();
    await insertPerson(db, 900, 'Lead Actor');
    await insertPerson(db, 901, 'Second Actor');
    await db.insertInto('tv_show_credits').values([
      { tv_show_id: main.id, person_id: 901, credit_order: 1, character_name: 'Sidekick' },
      { tv_show_id: main.id, person_id: 900, credit_order: 0, character_name: 'Hero' },
    ]).execute();

    const pages = await loadTvPages(db);
    expect(pages.map((p) => p.title)).not.toContain('Draft Shared');
    const page = pages.find((p) => p.tmdbId === main.tmdb_id)!;
    expect(page).toMatchObject({ slug: 'main-show', year: 2011, numberOfSeasons: 2, trailerKey: 'abc' });
    expect(page.genres.map((g) => g.id).sort()).toEqual([18, 35]);
    expect(page.platforms).toEqual([{ id: 88, name: 'ShowCo', logoPath: null }]);
    expect(page.cast.map((c) => [c.name, c.character])).toEqual([['Lead Actor', 'Hero'], ['Second Actor', 'Sidekick']]);
    expect(page.seasons.map((s) => [s.number, s.label, s.episodes.map((e) => e.name)])).toEqual([
      [0, 'Specials', ['Special']],
      [1, 'Season 1', ['Pilot', 'Two']],
      [2, 'Season 2', ['Second One']],
    ]);
    expect(page.seasons[1]!.episodes[0]).toEqual({ number: 1, name: 'Pilot', overview: null, stillPath: null, streamUrl: '/embed/y' });
    // All on demand: most shared genres first, then rating; drafts and shows without a shared genre never.
    expect(page.moreLikeThis).toEqual([]);
    expect((await moreLikeThisRow(db, 'tv', main.tmdb_id))!.cards.map((c) => c.title)).toEqual([twoShared.name, oneShared.name]);

    const [only] = await loadTvPages(db, [main.tmdb_id]);
    expect(only).toEqual(page);
    expect(await loadTvPages(db, [])).toEqual([]);
  });
});

describeEachEngine('people list and person page', (getDb) => {
  it('lists only people credited in published titles, 24 a page, by popularity or name', async () => {
    const db = getDb();
    const movie = await insertMovie(db, { title: 'Published' });
    const draft = await insertMovie(db, { title: 'Secret Draft', is_published: false });
    for (let i = 0; i < 30; i++) {
      await insertPerson(db, 2000 + i, `Person ${String(i).padStart(2, '0')}`);
      await db.updateTable('people').set({ popularity: i }).where('id', '=', 2000 + i).execute();
      await db.insertInto('movie_credits').values({ movie_id: movie.id, person_id: 2000 + i, credit_order: i, character_name: null }).execute();
    }
    await insertPerson(db, 2100, 'Only In Draft');
    await db.insertInto('movie_credits').values({ movie_id: draft.id, person_id: 2100, character_name: null }).execute();

    const first = await listPeople(db, 'popularity', 1);
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 30 });
    expect(first.items).toHaveLength(24);
    expect(first.items[0]).toEqual({ id: 2029, name: 'Person 29', slug: 'person-29', profilePath: null, department: 'Acting' });
    const second = await listPeople(db, 'popularity', 2);
    expect(second.items.map((p) => p.name)).toEqual(['Person 05', 'Person 04', 'Person 03', 'Person 02', 'Person 01', 'Person 00']);
    const byName = await listPeople(db, 'name', 1);
    expect(byName.items.slice(0, 2).map((p) => p.name)).toEqual(['Person 00', 'Person 01']);
    expect([...first.items, ...second.items].map((p) => p.name)).not.toContain('Only In Draft');
  });

  it('person page: details, Known For by popularity, unpublished credits as Link Unavailable', async () => {
    const db = getDb();
    const old = await insertMovie(db, { title: 'Old Hit', release_date: '1990-01-01', popularity: 50, vote_average: 6 });
    const show = await insertShow(db, { name: 'New Show', first_air_date: '2020-05-05', popularity: 10, vote_average: 8 });
    const draft = await insertMovie(db, { title: 'Hidden Draft', is_published: false, popularity: 99 });
    await db.insertInto('people').values({
      id: 3000, name: 'Ada Star', profile_path: '/ada.jpg', birthday: '1980-06-15', deathday: null, place_of_birth: 'Lyon, France',
      known_for_department: 'Acting', biography: 'First.\n\nSecond.', twitter_id: 'adastar', instagram_id: 'ada.star',
    }).execute();
    await db.insertInto('movie_credits').values([
      { movie_id: old.id, person_id: 3000, character_name: 'Young Ada' },
      { movie_id: draft.id, person_id: 3000, character_name: 'Mystery' },
    ]).execute();
    await db.insertInto('tv_show_credits').values({ tv_show_id: show.id, person_id: 3000, character_name: 'Host' }).execute();

    const [person] = await loadPersonPages(db, [3000], new Date('2026-01-10T00:00:00Z'));
    expect(person).toMatchObject({
      id: 3000, name: 'Ada Star', slug: 'ada-star', age: 46, birthday: '1980-06-15', placeOfBirth: 'Lyon, France', department: 'Acting',
      twitterUrl: 'https://twitter.com/adastar', instagramUrl: 'https://www.instagram.com/ada.star',
    });
    expect(person!.knownFor.map((c) => [c.title, c.href, c.character])).toEqual([
      ['Old Hit', `/movie/old-hit/${old.tmdb_id}`, 'Young Ada'],
      ['New Show', `/tv/new-show/${show.tmdb_id}`, 'Host'],
      [null, null, null],
    ]);
    expect(JSON.stringify(person)).not.toContain('Hidden Draft');
    expect(JSON.stringify(person)).not.toContain('Mystery');
    expect((await loadPersonPages(db)).map((p) => p.id)).toContain(3000);

    // The page carries each credit's places by popularity and by rating, not TMDB's scores: a sync that moves
    // neither order leaves it as it was (the publisher's ETag), one that swaps two credits changes it.
    expect(person!.knownFor.map((c) => [c.popularity, c.rating])).toEqual([[2, 1], [1, 2], [null, null]]);
    await db.updateTable('movies').set({ vote_average: 6.5 }).where('id', '=', old.id).execute();
    expect((await loadPersonPages(db, [3000], new Date('2026-01-10T00:00:00Z')))[0]).toEqual(person);
    await db.updateTable('movies').set({ popularity: 52.5, vote_average: 6.04 }).where('id', '=', old.id).execute();
    expect((await loadPersonPages(db, [3000], new Date('2026-01-10T00:00:00Z')))[0]).toEqual(person);
    await db.updateTable('tv_shows').set({ popularity: 60 }).where('id', '=', show.id).execute();
    expect((await loadPersonPages(db, [3000], new Date('2026-01-10T00:00:00Z')))[0]!.knownFor.map((c) => c.title)).toEqual(['New Show', 'Old Hit', null]);
  });
});

describeEachEngine('who has a page (people.has_page)', (getDb) => {
  it('follows every write that gives a person a first credit in a published title or takes the last one', async () => {
    const db = getDb();
    // Those whose has_page differs from their credits, worked out the long way.
    const wrong = async () => (await sql<{ id: number }>`
      SELECT id FROM people WHERE has_page <> (
        EXISTS (SELECT 1 FROM movie_credits c JOIN movies t ON t.id = c.movie_id WHERE c.person_id = people.id AND t.is_published)
        OR EXISTS (SELECT 1 FROM tv_show_credits c JOIN tv_shows t ON t.id = c.tv_show_id WHERE c.person_id = people.id AND t.is_published))
      ORDER BY id`.execute(db)).rows.map((row) => row.id);
    const hasPage = async (id: number) => (await db.selectFrom('people').select('has_page').where('id', '=', id).executeTakeFirstOrThrow()).has_page;
    const movie = await insertMovie(db, { title: 'Paged Movie' });
    const draft = await insertMovie(db, { title: 'Paged Draft', is_published: false });
    const show = await insertShow(db, { name: 'Paged Show' });
    for (const id of [4001, 4002, 4003]) await insertPerson(db, id, `Paged ${id}`);
    expect(await hasPage(4001)).toBe(false);

    const steps: [string, () => Promise<unknown>, Record<number, boolean>][] = [
      ['credits added', () => db.insertInto('movie_credits').values([
        { movie_id: movie.id, person_id: 4001, credit_order: 0, character_name: null },
        { movie_id: draft.id, person_id: 4002, credit_order: 0, character_name: null },
      ]).execute(), { 4001: true, 4002: false }],
      ['the draft published', () => db.updateTable('movies').set({ is_published: true }).where('id', '=', draft.id).execute(), { 4002: true }],
      ['the movie taken down', () => db.updateTable('movies').set({ is_published: false }).where('id', '=', movie.id).execute(), { 4001: false }],
      ['a credit in a show', () => db.insertInto('tv_show_credits').values({ tv_show_id: show.id, person_id: 4001, credit_order: 0, character_name: null })
        .execute(), { 4001: true }],
      ['a credit moved to another person', () => db.updateTable('tv_show_credits').set({ person_id: 4003 }).where('person_id', '=', 4001).execute(),
        { 4001: false, 4003: true }],
      ['the show deleted', () => db.deleteFrom('tv_shows').where('id', '=', show.id).execute(), { 4003: false }],
      ['the credits truncated', () => sql`TRUNCATE movie_credits`.execute(db), { 4002: false }],
    ];
    for (const [step, write, expected] of steps) {
      await write();
      for (const [id, has] of Object.entries(expected)) expect({ step, id, has: await hasPage(Number(id)) }).toEqual({ step, id, has });
      expect({ step, wrong: await wrong() }).toEqual({ step, wrong: [] });
    }
  });
});

describeEachEngine('platforms', (getDb) => {
  it('lists platforms by name and pages 10 movies plus 10 shows, shuffled the same way every time', async () => {
    const db = getDb();
    await db.insertInto('platforms').values([{ id: 71, name: 'Zeta' }, { id: 72, name: 'Alpha' }, { id: 73, name: 'Empty' }].map((p) => ({ ...p, logo_path: null }))).execute();
    for (let i = 0; i < 23; i++) {
      const movie = await insertMovie(db, { title: `Platform Movie ${i}`, popularity: 100 - i });
      await db.insertInto('movie_providers').values({ movie_id: movie.id, platform_id: 71 }).execute();
    }
    for (let i = 0; i < 4; i++) {
      const show = await insertShow(db, { name: `Platform Show ${i}`, popularity: 100 - i });
      await db.insertInto('tv_show_providers').values({ tv_show_id: show.id, platform_id: 71 }).execute();
    }
    const draft = await insertMovie(db, { title: 'Draft On Platform', is_published: false });
    await db.insertInto('movie_providers').values({ movie_id: draft.id, platform_id: 71 }).execute();

    expect((await listPlatforms(db)).map((p) => p.name)).toEqual(['Alpha', 'Empty', 'Zeta']);
    const first = (await platformTitles(db, 71, 1))!;
    expect(first).toMatchObject({ platform: { id: 71, name: 'Zeta' }, page: 1, totalPages: 3, total: 27 });
    expect(first.items).toHaveLength(14);
    expect(first.items.filter((c) => c.type === 'movie').map((c) => c.title).sort())
      .toEqual(Array.from({ length: 10 }, (_, i) => `Platform Movie ${i}`).sort());
    expect(first.items.filter((c) => c.type === 'tv')).toHaveLength(4);
    expect(first.items.map((c) => c.title)).not.toEqual([...first.items].sort((a, b) => (a.type === b.type ? 0 : a.type === 'movie' ? -1 : 1)).map((c) => c.title));
    expect((await platformTitles(db, 71, 1))!.items).toEqual(first.items);
    const third = (await platformTitles(db, 71, 3))!;
    expect(third.items.map((c) => c.title).sort()).toEqual(['Platform Movie 20', 'Platform Movie 21', 'Platform Movie 22']);
    expect((await platformTitles(db, 73, 1))).toMatchObject({ items: [], totalPages: 0, total: 0, platform: { name: 'Empty' } });
    expect(await platformTitles(db, 999, 1)).toBeNull();
    expect((await sitemapEntries(db)).map((e) => e.path)).toEqual(expect.arrayContaining(['/platforms/71/zeta', '/platforms/73/empty']));

    // Each platform's page shows the same first page as the API, with the picker.
    const alphaShow = await insertShow(db, { name: 'Alpha Show' });
    await db.insertInto('tv_show_providers').values({ tv_show_id: alphaShow.id, platform_id: 72 }).execute();
    expect(await platformPage.paths(db)).toEqual([{ id: '72', slug: 'alpha' }, { id: '73', slug: 'empty' }, { id: '71', slug: 'zeta' }]);
    const shown = async (id: string, slug: string) => {
      const answer = await platformPage.load(db, { id, slug });
      return answer.kind === 'page' ? answer.data.props : null;
    };
    // Loaded together, as the publisher renders them: the platforms and their counts are read once.
    const [zeta, empty, alpha] = await Promise.all([shown('71', 'zeta'), shown('73', 'empty'), shown('72', 'alpha')]);
    expect(zeta!.platforms.map((p) => p.name)).toEqual(['Alpha', 'Empty', 'Zeta']);
    expect(zeta!.initial).toEqual(first);
    expect(empty!.initial).toEqual(await platformTitles(db, 73, 1));
    expect(alpha!.initial).toMatchObject({ total: 1, items: [{ title: 'Alpha Show' }] });
    expect(await platformTotals(db, [71, 72, 73, 999])).toEqual([
      { platformId: 71, totals: { movie: 23, tv: 4 } }, { platformId: 72, totals: { movie: 0, tv: 1 } },
      { platformId: 73, totals: { movie: 0, tv: 0 } }, { platformId: 999, totals: { movie: 0, tv: 0 } },
    ]);
    expect(await platformPage.load(db, { id: '71', slug: 'old' })).toEqual({ kind: 'redirect', location: '/platforms/71/zeta' });
  });
});
