import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { browseTitles, genreTotals, newestWithBackdrop } from '../../src/lib/catalog/browse.ts';
import { categoryPage } from '../../src/lib/pages/listing-pages.ts';
import { isPageOutOfRange } from '../../src/lib/catalog/client/browse-params.ts';

const day = (d: number) => new Date(Date.UTC(2026, 0, d));

/** Five published movies and one draft, with dates and ratings chosen so every sort gives a different order. */
async function seedMovies(db: Kysely<Database>): Promise<void> {
  await insertGenres(db);
  await insertMovie(db, { title: 'Alpha', genres: [28], release_date: '2020-05-01', vote_average: 7, created_at: day(1) });
  await insertMovie(db, { title: 'Bravo', genres: [28, 35], release_date: '2021-01-01', vote_average: 9, created_at: day(3) });
  await insertMovie(db, { title: 'Charlie', genres: [35], release_date: '2020-12-31', vote_average: 5, created_at: day(2) });
  await insertMovie(db, { title: 'Delta', genres: [18], release_date: null, vote_average: null, created_at: day(5), backdrop_path: null });
  await insertMovie(db, { title: 'Echo Draft', genres: [28, 10402], release_date: '2020-06-01', vote_average: 10, created_at: day(9), is_published: false, backdrop_path: '/e.jpg' });
  await insertMovie(db, { title: 'Foxtrot', genres: [28], release_date: '2019-12-31', vote_average: 8, created_at: day(4), backdrop_path: '/f.jpg' });
  await insertShow(db, { name: 'Show One', genres: [10759], first_air_date: '2018-03-03', vote_average: 6, created_at: day(2), backdrop_path: '/s1.jpg' });
  await insertShow(db, { name: 'Show Two', genres: [10759, 18], first_air_date: '2022-03-03', vote_average: 8, created_at: day(1) });
  await insertShow(db, { name: 'Show Draft', genres: [18], first_air_date: '2023-03-03', vote_average: 9, created_at: day(3), is_published: false });
}

const titles = (page: { items: { title: string }[] }) => page.items.map((c) => c.title);

describeEachEngine('browse: movies and TV lists', (getDb) => {
  it('Just Added is newest first, published only, with the total count', async () => {
    const page = await browseTitles(getDb(), { type: 'movie', sort: 'just-added' });
    expect(titles(page)).toEqual(['Delta', 'Foxtrot', 'Bravo', 'Charlie', 'Alpha']);
    expect(page).toMatchObject({ page: 1, total: 5, totalPages: 1 });
    expect(page.items[0]).toMatchObject({ type: 'movie', slug: 'delta', year: null });
  });

  it('Newly Launched sorts by release date, undated last', async () => {
    const page = await browseTitles(getDb(), { type: 'movie', sort: 'newly-launched' });
    expect(titles(page)).toEqual(['Bravo', 'Charlie', 'Alpha', 'Foxtrot', 'Delta']);
    const newest = await browseTitles(getDb(), { type: 'movie', sort: 'newest' });
    expect(titles(newest)).toEqual(titles(page));
  });

  it('Top Rated sorts by vote average, unrated last', async () => {
    const page = await browseTitles(getDb(), { type: 'movie', sort: 'top-rated' });
    expect(titles(page)).toEqual(['Bravo', 'Foxtrot', 'Alpha', 'Charlie', 'Delta']);
  });

  it('genre filter: titles with any of the genres, each once, drafts excluded', async () => {
    const action = await browseTitles(getDb(), { type: 'movie', sort: 'just-added', genreIds: [28] });
    expect(titles(action)).toEqual(['Foxtrot', 'Bravo', 'Alpha']);
    expect(action.total).toBe(3);
    const either = await browseTitles(getDb(), { type: 'movie', sort: 'top-rated', genreIds: [28, 35] });
    expect(titles(either)).toEqual(['Bravo', 'Foxtrot', 'Alpha', 'Charlie']);
    expect(either.total).toBe(4);
    const draftOnly = await browseTitles(getDb(), { type: 'movie', sort: 'just-added', genreIds: [10402] });
    expect(draftOnly).toEqual({ items: [], page: 1, totalPages: 0, total: 0 });
  });

  it('year filter covers the whole calendar year and nothing else', async () => {
    const page = await browseTitles(getDb(), { type: 'movie', sort: 'newly-launched', year: 2020 });
    expect(titles(page)).toEqual(['Charlie', 'Alpha']);
    expect(page.total).toBe(2);
    const combined = await browseTitles(getDb(), { type: 'movie', sort: 'just-added', year: 2020, genreIds: [28] });
    expect(titles(combined)).toEqual(['Alpha']);
  });

  it('pages by range with a consistent count; a page past the end is empty and out of range', async () => {
    const second = await browseTitles(getDb(), { type: 'movie', sort: 'just-added', page: 2, pageSize: 2 });
    expect(titles(second)).toEqual(['Bravo', 'Charlie']);
    expect(second).toMatchObject({ page: 2, total: 5, totalPages: 3 });
    const last = await browseTitles(getDb(), { type: 'movie', sort: 'just-added', page: 3, pageSize: 2 });
    expect(titles(last)).toEqual(['Alpha']);
    const beyond = await browseTitles(getDb(), { type: 'movie', sort: 'just-added', page: 4, pageSize: 2 });
    expect(beyond.items).toEqual([]);
    expect(isPageOutOfRange(beyond.page, beyond.totalPages)).toBe(true);
    expect(isPageOutOfRange(last.page, last.totalPages)).toBe(false);
  });

  it('TV lists use first-air dates and the show genres', async () => {
    const db = getDb();
    expect(titles(await browseTitles(db, { type: 'tv', sort: 'just-added' }))).toEqual(['Show One', 'Show Two']);
    expect(titles(await browseTitles(db, { type: 'tv', sort: 'newly-launched' }))).toEqual(['Show Two', 'Show One']);
    expect(titles(await browseTitles(db, { type: 'tv', sort: 'top-rated', year: 2018 }))).toEqual(['Show One']);
    const drama = await browseTitles(db, { type: 'tv', sort: 'top-rated', genreIds: [18] });
    expect(titles(drama)).toEqual(['Show Two']);
    expect(drama.items[0]).toMatchObject({ type: 'tv', year: 2022, slug: 'show-two' });
  });

  it('list hero: the newest published title with a backdrop', async () => {
    const db = getDb();
    expect(await newestWithBackdrop(db, 'movie')).toMatchObject({ title: 'Foxtrot', backdropPath: '/f.jpg' });
    expect(await newestWithBackdrop(db, 'tv')).toMatchObject({ title: 'Show One', type: 'tv' });
  });
}, { seed: seedMovies });

describeEachEngine('browse: categories', (getDb) => {
  it('lists genres with published titles only, each with page 1 sorted Newest', async () => {
    const db = getDb();
    const paths = await categoryPage.paths(db);
    expect(paths).toEqual([
      { type: 'movie', genreId: '18', slug: 'drama' }, { type: 'movie', genreId: '28', slug: 'action' }, { type: 'movie', genreId: '35', slug: 'comedy' },
      { type: 'tv', genreId: '18', slug: 'drama' }, { type: 'tv', genreId: '10759', slug: 'action-adventure' },
    ]);
    // Loaded together, as the publisher renders them: their counts are read in one query.
    const loaded = await Promise.all(paths.map((params) => categoryPage.load(db, params)));
    for (const [i, params] of paths.entries()) {
      const type = params.type as 'movie' | 'tv';
      const expected = await browseTitles(db, { type, sort: 'newest', genreIds: [Number(params.genreId)] });
      expect(loaded[i]).toMatchObject({ kind: 'page', data: { props: { category: { firstPage: expected } } } });
    }
    expect(await genreTotals(db, 'movie', [28, 35, 18, 10402, 10752])).toEqual([
      { genreId: 28, total: 3 }, { genreId: 35, total: 2 }, { genreId: 18, total: 1 }, { genreId: 10402, total: 0 }, { genreId: 10752, total: 0 },
    ]);
    expect(await categoryPage.load(db, { type: 'tv', genreId: '18', slug: 'old-name' })).toEqual({ kind: 'redirect', location: '/category/tv/18/drama' });
    expect(await categoryPage.load(db, { type: 'movie', genreId: '10752', slug: 'war' })).toEqual({ kind: 'missing' });
  });

  it('category page with Top Rated and a year', async () => {
    const page = await browseTitles(getDb(), { type: 'movie', sort: 'top-rated', genreIds: [28], year: 2020 });
    expect(titles(page)).toEqual(['Alpha']);
  });

  it('first pages hold at most 48 titles, counts cover them all', async () => {
    const db = getDb();
    for (let i = 0; i < 50; i++) {
      await insertMovie(db, { title: `War ${i}`, genres: [10752], release_date: `19${50 + i}-01-01`, created_at: day(10) });
    }
    const answer = await categoryPage.load(db, { type: 'movie', genreId: '10752', slug: 'war' });
    const war = answer.kind === 'page' ? answer.data.props.category : null;
    expect(war!.firstPage.items).toHaveLength(48);
    expect(war!.firstPage).toMatchObject({ total: 50, totalPages: 2, page: 1 });
    expect(war!.firstPage.items[0]!.title).toBe('War 49');
    const second = await browseTitles(db, { type: 'movie', sort: 'newest', genreIds: [10752], page: 2 });
    expect(titles(second)).toEqual(['War 1', 'War 0']);
  });
}, { seed: seedMovies });
