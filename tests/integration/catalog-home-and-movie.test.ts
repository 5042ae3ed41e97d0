import { expect, it } from 'vitest';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { heroMovies, recentTitles } from '../../src/lib/page-loaders/home.ts';
import { loadMoviePages } from '../../src/lib/page-loaders/movie-page.ts';
import { moreLikeThisRow } from '../../src/lib/page-loaders/more-like-this.ts';
import { TOP_CAST_LIMIT } from '../../src/lib/page-loaders/title-page-parts.ts';

describeEachEngine('home reads', (getDb) => {
  it('recent movies: published only, newest first, at most 20', async () => {
    const db = getDb();
    for (let i = 0; i < 25; i++) {
      await insertMovie(db, { title: `Recent ${i}`, created_at: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    await insertMovie(db, { title: 'Draft newest', is_published: false, created_at: new Date(Date.UTC(2026, 5, 1)) });
    const cards = await recentTitles(db, 'movie');
    expect(cards).toHaveLength(20);
    expect(cards[0]!.title).toBe('Recent 24');
    expect(cards.map((c) => c.title)).not.toContain('Draft newest');
    expect(cards[0]).toMatchObject({ type: 'movie', slug: 'recent-24' });
  });

  it('hero: only movies with a backdrop, up to five', async () => {
    const db = getDb();
    await insertMovie(db, { title: 'No backdrop', backdrop_path: null, created_at: new Date(Date.UTC(2027, 0, 1)) });
    for (let i = 0; i < 7; i++) {
      await insertMovie(db, { title: `Hero ${i}`, backdrop_path: `/b${i}.jpg`, created_at: new Date(Date.UTC(2026, 11, 1 + i)) });
    }
    const slides = await heroMovies(db);
    expect(slides.map((s) => s.title)).toEqual(['Hero 6', 'Hero 5', 'Hero 4', 'Hero 3', 'Hero 2']);
  });

  it('recent shows are TV cards', async () => {
    const db = getDb();
    await insertShow(db, { name: 'Late Show', first_air_date: '2020-04-02' });
    const [card] = await recentTitles(db, 'tv', 1);
    expect(card).toMatchObject({ type: 'tv', title: 'Late Show', year: 2020, slug: 'late-show' });
  });
});

describeEachEngine('movie page', (getDb) => {
  it('loads genres, cast in billing order, platforms, collection and more like this in bulk', async () => {
    const db = getDb();
    await insertGenres(db);
    await db.insertInto('collections').values({ id: 5, name: 'Saga', overview: null, poster_path: null, backdrop_path: null }).execute();
    await db.insertInto('platforms').values({ id: 77, name: 'StreamCo', logo_path: null }).execute();
    const other = await insertMovie(db, { title: 'Other Part', collection_id: 5, release_date: '2001-01-01', vote_average: 6.5, genres: [28] });
    await insertMovie(db, { title: 'Similar', vote_average: 9, genres: [28] });
    const main = await insertMovie(db, {
      title: 'Main: The Movie!', collection_id: 5, release_date: '2003-05-06', runtime: 123, vote_average: 7.25,
      recommended_tmdb_ids: [other.tmdb_id], genres: [28, 12], production_companies: JSON.stringify([{ id: 1, name: 'Acme' }]),
    });
    await db.insertInto('movie_providers').values({ movie_id: main.id, platform_id: 77 }).execute();
    for (let i = 0; i < TOP_CAST_LIMIT + 3; i++) {
      await insertPerson(db, 500 + i, `Person ${i}`);
      await db.insertInto('movie_credits').values({ movie_id: main.id, person_id: 500 + i, credit_order: TOP_CAST_LIMIT + 3 - i, character_name: `Role ${i}` }).execute();
    }

    const pages = await loadMoviePages(db);
    const page = pages.find((p) => p.tmdbId === main.tmdb_id)!;
    expect(page.slug).toBe('main-the-movie');
    expect(page.year).toBe(2003);
    expect(page.releaseDate).toBe('2003-05-06');
    expect(page.voteAverage).toBe(7.3);
    expect(page.genres.map((g) => g.name)).toEqual(['Action', 'Adventure']);
    expect(page.platforms).toEqual([{ id: 77, name: 'StreamCo', logoPath: null }]);
    expect(page.productionCompanies).toEqual([{ id: 1, name: 'Acme' }]);
    expect(page.cast).toHaveLength(TOP_CAST_LIMIT);
    expect(page.cast[0]!.name).toBe(`Person ${TOP_CAST_LIMIT + 2}`);
    expect(page.collection?.parts.map((p) => p.title)).toEqual(['Other Part', 'Main: The Movie!']);
    // The page carries its recommendations as tiles, without their ratings; the row on demand tops them up with its
    // first genre's best rated, rated.
    expect(page.moreLikeThis).toEqual([{ type: 'movie', tmdbId: other.tmdb_id, title: 'Other Part', slug: 'other-part',
      posterPath: `/art/poster/m${other.tmdb_id}-movie.svg`, backdropPath: null, year: 2001 }]);
    expect((await moreLikeThisRow(db, 'movie', main.tmdb_id))).toMatchObject({ ratingLists: [{ genreId: 28, floor: null }], recommended: [other.tmdb_id] });
    expect((await moreLikeThisRow(db, 'movie', main.tmdb_id))!.cards.map((c) => [c.title, c.voteAverage]))
      .toEqual([['Other Part', 6.5], ['Similar', 9]]);

    const one = await loadMoviePages(db, [main.tmdb_id]);
    expect(one).toHaveLength(1);
    expect(one[0]).toEqual(page);
  });

  it('drafts have no page', async () => {
    const db = getDb();
    const draft = await insertMovie(db, { title: 'Hidden', is_published: false });
    expect(await loadMoviePages(db, [draft.tmdb_id])).toEqual([]);
  });
});
