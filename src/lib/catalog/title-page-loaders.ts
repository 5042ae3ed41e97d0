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

/** getStaticPaths of /movie/[slug]/[tmdbId]: every published movie, with its detail as the page's props. */
export async function movieDetailPaths(db: Kysely<Database>) {
  return (await loadMovieDetails(db)).map((detail) => ({ params: titleParams(detail.movie), props: detail }));
}

/** getStaticPaths of /tv/[slug]/[tmdbId]: every published show, with its detail as the page's props. */
export async function tvDetailPaths(db: Kysely<Database>) {
  return (await loadTvDetails(db)).map((detail) => ({ params: titleParams(detail.show), props: detail }));
}

function titleParams(title: { slug: string; tmdbId: number }) {
  return { slug: title.slug, tmdbId: String(title.tmdbId) };
}

function ratingCounts(db: Kysely<Database>, type: ContentType, tmdbIds?: number[]): Promise<Map<number, number>> {
  return tmdbIds?.length === 0 ? Promise.resolve(new Map()) : ratingCountsByTitle(db, type, tmdbIds);
}
