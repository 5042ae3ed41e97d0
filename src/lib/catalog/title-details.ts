/**
 * What a title page renders, loaded the same way for the build (every published title, in one pass) and for
 * on-demand rendering of a title published since the last build (`tmdbIds` = that one title).
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { ratingCountsByTitle } from '../ratings/ratings.ts';
import { loadMoviePages, type MoviePage } from './movie-page.ts';
import { loadTvPages, type TvPage } from './tv-page.ts';

export interface MovieDetail { movie: MoviePage; ratingCount: number }
export interface TvDetail { show: TvPage; ratingCount: number }

export async function loadMovieDetails(db: Kysely<Database>, tmdbIds?: number[]): Promise<MovieDetail[]> {
  const [movies, counts] = await Promise.all([loadMoviePages(db, tmdbIds), ratingCounts(db, 'movie', tmdbIds)]);
  return movies.map((movie) => ({ movie, ratingCount: counts.get(movie.tmdbId) ?? 0 }));
}

export async function loadTvDetails(db: Kysely<Database>, tmdbIds?: number[]): Promise<TvDetail[]> {
  const [shows, counts] = await Promise.all([loadTvPages(db, tmdbIds), ratingCounts(db, 'tv', tmdbIds)]);
  return shows.map((show) => ({ show, ratingCount: counts.get(show.tmdbId) ?? 0 }));
}

function ratingCounts(db: Kysely<Database>, type: ContentType, tmdbIds?: number[]): Promise<Map<number, number>> {
  return tmdbIds?.length === 0 ? Promise.resolve(new Map()) : ratingCountsByTitle(db, type, tmdbIds);
}
