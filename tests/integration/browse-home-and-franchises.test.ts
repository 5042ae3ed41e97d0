import { expect, it } from 'vitest';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { loadHomeGenreRows, topRatedByGenre } from '../../src/lib/page-loaders/home.ts';
import { franchiseHref, loadFranchisePages } from '../../src/lib/catalog/browse-franchises.ts';

describeEachEngine('browse: home genre rows', (getDb) => {
  it('per genre, the best-rated published titles up to the limit', async () => {
    const db = getDb();
    await insertGenres(db);
    await insertMovie(db, { title: 'Low', genres: [27], vote_average: 2 });
    await insertMovie(db, { title: 'High', genres: [27, 53], vote_average: 9 });
    await insertMovie(db, { title: 'Unrated', genres: [27], vote_average: null });
    await insertMovie(db, { title: 'Mid', genres: [27], vote_average: 5 });
    await insertMovie(db, { title: 'Hidden', genres: [27], vote_average: 10, is_published: false });
    const rows = await topRatedByGenre(db, 'movie', [27, 53, 99], 3);
    expect(rows.get(27)!.map((c) => c.title)).toEqual(['High', 'Mid', 'Low']);
    expect(rows.get(53)!.map((c) => c.title)).toEqual(['High']);
    expect(rows.get(99)).toEqual([]);
  });

  it('rows in spec order skip titles shown in Recently Added and earlier rows, and link to the category', async () => {
    const db = getDb();
    // 30 Action+Comedy movies, added after everything else: the 20 newest fill Recently Added; the 10 oldest are
    // left for the Action row, and nothing is left for Comedy (it comes after Action), so that row is dropped.
    for (let i = 0; i < 30; i++) {
      await insertMovie(db, { title: `Both ${i}`, genres: [28, 35], vote_average: i / 4, created_at: new Date(Date.UTC(2030, 0, 1 + i)) });
    }
    await insertMovie(db, { title: 'Space Oldie', genres: [878], vote_average: 6, created_at: new Date(Date.UTC(2020, 0, 1)) });
    await insertShow(db, { name: 'Kids Show', genres: [10762], vote_average: 7 });

    const { rows } = await loadHomeGenreRows(db);
    const action = rows.find((r) => r.key === 'movie-28')!;
    expect(action).toMatchObject({ type: 'movie', genreId: 28, title: 'Action Movies', href: '/category/movie/28/action' });
    expect(action.cards.map((c) => c.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Both ${9 - i}`));
    expect(rows.find((r) => r.key === 'movie-35')).toBeUndefined();
    expect(rows.find((r) => r.key === 'movie-878')).toMatchObject({ title: 'Sci-Fi Movies', href: '/category/movie/878/science-fiction' });
    // The Kids Show is in Recently Added Shows, so the Kids row is empty too.
    expect(rows.find((r) => r.key === 'tv-10762')).toBeUndefined();
    const keys = rows.map((r) => r.key);
    expect(keys.indexOf('movie-28')).toBeLessThan(keys.indexOf('movie-878'));
    const all = rows.flatMap((r) => r.cards.map((c) => `${c.type}:${c.tmdbId}`));
    expect(new Set(all).size).toBe(all.length);
  });

  it('shows at most 20 per row out of 50 candidates', async () => {
    const db = getDb();
    for (let i = 0; i < 60; i++) {
      await insertMovie(db, { title: `Horror ${i}`, genres: [27], vote_average: 1 + i / 10, created_at: new Date(Date.UTC(2000, 0, 1 + i)) });
    }
    const horror = (await loadHomeGenreRows(db)).rows.find((r) => r.key === 'movie-27')!;
    expect(horror.cards).toHaveLength(20);
    expect(horror.cards.slice(0, 3).map((c) => c.title)).toEqual(['High', 'Horror 59', 'Horror 58']);
    expect(horror.href).toBe('/category/movie/27/horror');
  });
});

describeEachEngine('browse: franchises', (getDb) => {
  it('collections with published movies, in release order with undated last', async () => {
    const db = getDb();
    await db.insertInto('collections').values([
      { id: 1, name: 'The Saga: Collection', overview: 'Long story.', poster_path: '/p.jpg', backdrop_path: '/b.jpg' },
      { id: 2, name: 'Drafts Only', overview: null, poster_path: null, backdrop_path: null },
      { id: 3, name: 'Empty', overview: null, poster_path: null, backdrop_path: null },
    ]).execute();
    await insertMovie(db, { title: 'Saga III', collection_id: 1, release_date: '2010-01-01' });
    await insertMovie(db, { title: 'Saga I', collection_id: 1, release_date: '1990-01-01' });
    await insertMovie(db, { title: 'Saga Next', collection_id: 1, release_date: null });
    await insertMovie(db, { title: 'Saga II Draft', collection_id: 1, release_date: '2000-01-01', is_published: false });
    await insertMovie(db, { title: 'Unreleased', collection_id: 2, is_published: false });
    await insertMovie(db, { title: 'Standalone' });

    const pages = await loadFranchisePages(db);
    expect(pages).toHaveLength(1);
    const [saga] = pages;
    expect(saga).toMatchObject({ id: 1, name: 'The Saga: Collection', slug: 'the-saga-collection', overview: 'Long story.', backdropPath: '/b.jpg' });
    expect(saga!.movies.map((m) => m.title)).toEqual(['Saga I', 'Saga III', 'Saga Next']);
    expect(franchiseHref(saga!)).toBe('/franchise/1/the-saga-collection');
    expect(await loadFranchisePages(db, [2, 3])).toEqual([]);
    expect((await loadFranchisePages(db, [1]))[0]).toEqual(saga);
  });
});
