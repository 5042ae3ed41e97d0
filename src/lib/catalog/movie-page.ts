/**
 * Everything the movie page shows, loaded for many movies at once: a build prerenders every published
 * movie, so each relation is one query over all of them rather than one query per page.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, ProductionCompany } from '../../../db/schema.ts';
import { MOVIE_CARD_COLUMNS, movieCard, yearOf, type TitleCard } from './client/cards.ts';
import { slugify } from './client/slug.ts';
import { groupBy, MORE_LIKE_THIS_LIMIT, TOP_CAST_LIMIT, type TitlePageBase } from './title-page.ts';

export interface MoviePage extends TitlePageBase {
  releaseDate: string | null;
  runtime: number | null;
  budget: number | null;
  revenue: number | null;
  productionCompanies: ProductionCompany[];
  streamUrl: string | null;
  collection: { id: number; name: string; parts: TitleCard[] } | null;
}

/** Published movies (all, or those with the given TMDB ids) with every relation the page shows. */
export async function loadMoviePages(db: Kysely<Database>, tmdbIds?: number[]): Promise<MoviePage[]> {
  if (tmdbIds && tmdbIds.length === 0) return [];
  let query = db.selectFrom('movies').selectAll().where('is_published', '=', true);
  if (tmdbIds) query = query.where('tmdb_id', 'in', tmdbIds);
  const movies = await query.orderBy('id').execute();
  if (movies.length === 0) return [];
  const ids = movies.map((m) => m.id);
  const inMovies = tmdbIds ? ids : undefined; // when loading all published movies, skip the long IN list

  const genreQuery = db.selectFrom('movie_genres').innerJoin('genres', 'genres.id', 'movie_genres.genre_id')
    .select(['movie_genres.movie_id', 'genres.id', 'genres.name']).orderBy('genres.name');
  const providerQuery = db.selectFrom('movie_providers').innerJoin('platforms', 'platforms.id', 'movie_providers.platform_id')
    .select(['movie_providers.movie_id', 'platforms.id', 'platforms.name', 'platforms.logo_path'])
    .orderBy('platforms.display_priority').orderBy('platforms.name');
  const castQuery = db.selectFrom((eb) => eb.selectFrom('movie_credits')
      .innerJoin('people', 'people.id', 'movie_credits.person_id')
      .select(['movie_credits.movie_id', 'movie_credits.credit_order', 'movie_credits.character_name', 'people.id', 'people.name', 'people.profile_path',
        sql<number>`row_number() over (partition by movie_credits.movie_id order by movie_credits.credit_order)`.as('position')])
      .$if(inMovies !== undefined, (q) => q.where('movie_credits.movie_id', 'in', inMovies!))
      .as('ranked'))
    .selectAll().where('position', '<=', TOP_CAST_LIMIT).orderBy('movie_id').orderBy('position');

  const collectionIds = [...new Set(movies.map((m) => m.collection_id).filter((id): id is number => id !== null))];
  const [genres, providers, cast, collections, collectionParts] = await Promise.all([
    (inMovies ? genreQuery.where('movie_genres.movie_id', 'in', inMovies) : genreQuery).execute(),
    (inMovies ? providerQuery.where('movie_providers.movie_id', 'in', inMovies) : providerQuery).execute(),
    castQuery.execute(),
    collectionIds.length ? db.selectFrom('collections').select(['id', 'name']).where('id', 'in', collectionIds).execute() : [],
    collectionIds.length
      ? db.selectFrom('movies').select([...MOVIE_CARD_COLUMNS, 'movies.collection_id']).where('is_published', '=', true)
          .where('collection_id', 'in', collectionIds).orderBy('release_date').execute()
      : [],
  ]);
  const similar = await moreLikeThis(db, movies.map((m) => ({ id: m.id, tmdbId: m.tmdb_id, recommended: m.recommended_tmdb_ids })), genres);

  const genresByMovie = groupBy(genres, (g) => g.movie_id);
  const providersByMovie = groupBy(providers, (p) => p.movie_id);
  const castByMovie = groupBy(cast, (c) => c.movie_id);
  const partsByCollection = groupBy(collectionParts, (p) => p.collection_id);
  const collectionNames = new Map(collections.map((c) => [c.id, c.name]));

  return movies.map((m) => ({
    tmdbId: m.tmdb_id,
    title: m.title,
    slug: slugify(m.title),
    overview: m.overview,
    tagline: m.tagline,
    posterPath: m.poster_path,
    backdropPath: m.backdrop_path,
    voteAverage: m.vote_average,
    voteCount: m.vote_count,
    releaseDate: m.release_date,
    year: yearOf(m.release_date),
    runtime: m.runtime,
    originCountry: m.origin_country,
    viewCount: m.view_count,
    budget: m.budget,
    revenue: m.revenue,
    productionCompanies: m.production_companies,
    screenshots: m.screenshots,
    streamUrl: m.stream_url,
    trailerKey: m.trailer_key,
    genres: (genresByMovie.get(m.id) ?? []).map(({ id, name }) => ({ id, name })),
    platforms: (providersByMovie.get(m.id) ?? []).map(({ id, name, logo_path }) => ({ id, name, logoPath: logo_path })),
    cast: (castByMovie.get(m.id) ?? []).map((c) => ({
      personId: c.id, name: c.name, slug: slugify(c.name), character: c.character_name, profilePath: c.profile_path,
    })),
    collection: m.collection_id !== null && collectionNames.has(m.collection_id)
      ? { id: m.collection_id, name: collectionNames.get(m.collection_id)!, parts: (partsByCollection.get(m.collection_id) ?? []).map(movieCard) }
      : null,
    moreLikeThis: similar.get(m.id) ?? [],
  }));
}

/**
 * More Like This: the movie's TMDB recommendations that we have published, topped up with the best-rated
 * published movies sharing its first genre.
 */
async function moreLikeThis(
  db: Kysely<Database>,
  movies: { id: number; tmdbId: number; recommended: number[] }[],
  genres: { movie_id: number; id: number }[],
): Promise<Map<number, TitleCard[]>> {
  const recommendedIds = [...new Set(movies.flatMap((m) => m.recommended))];
  const firstGenre = new Map<number, number>();
  for (const g of genres) if (!firstGenre.has(g.movie_id)) firstGenre.set(g.movie_id, g.id);
  const genreIds = [...new Set(firstGenre.values())];

  const [recommended, byGenre] = await Promise.all([
    recommendedIds.length
      ? db.selectFrom('movies').select(MOVIE_CARD_COLUMNS).where('is_published', '=', true).where('tmdb_id', 'in', recommendedIds).execute()
      : [],
    genreIds.length
      ? db.selectFrom((eb) => eb.selectFrom('movie_genres').innerJoin('movies', 'movies.id', 'movie_genres.movie_id')
          .select([...MOVIE_CARD_COLUMNS, 'movie_genres.genre_id',
            sql<number>`row_number() over (partition by movie_genres.genre_id order by movies.vote_average desc nulls last, movies.id)`.as('position')])
          .where('movies.is_published', '=', true).where('movie_genres.genre_id', 'in', genreIds).as('ranked'))
        .selectAll().where('position', '<=', MORE_LIKE_THIS_LIMIT + 1).execute()
      : [],
  ]);
  const cardByTmdb = new Map(recommended.map((r) => [r.tmdb_id, movieCard(r)]));
  const topByGenre = groupBy(byGenre, (r) => r.genre_id);

  const result = new Map<number, TitleCard[]>();
  for (const movie of movies) {
    const cards = movie.recommended.filter((id) => id !== movie.tmdbId).map((id) => cardByTmdb.get(id)).filter((c): c is TitleCard => c !== undefined);
    const genre = firstGenre.get(movie.id);
    for (const row of genre === undefined ? [] : topByGenre.get(genre) ?? []) {
      if (cards.length >= MORE_LIKE_THIS_LIMIT) break;
      if (row.tmdb_id !== movie.tmdbId && !cards.some((c) => c.tmdbId === row.tmdb_id)) cards.push(movieCard(row));
    }
    result.set(movie.id, cards.slice(0, MORE_LIKE_THIS_LIMIT));
  }
  return result;
}
