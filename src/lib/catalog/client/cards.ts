/** The compact shape every grid, row and carousel renders, for movies and shows alike. */
import type { ContentType } from '../../../../db/schema.ts';
import { slugify } from './slug.ts';

export interface TitleCard {
  type: ContentType;
  tmdbId: number;
  title: string;
  slug: string;
  posterPath: string | null;
  backdropPath: string | null;
  voteAverage: number | null;
  year: number | null;
}

export function titleHref(card: Pick<TitleCard, 'type' | 'slug' | 'tmdbId'>): string {
  return `/${card.type === 'movie' ? 'movie' : 'tv'}/${card.slug}/${card.tmdbId}`;
}

export function yearOf(date: string | null): number | null {
  return date ? Number(date.slice(0, 4)) : null;
}

interface MovieCardRow {
  tmdb_id: number; title: string; poster_path: string | null; backdrop_path: string | null;
  vote_average: number | null; release_date: string | null;
}
interface ShowCardRow {
  tmdb_id: number; name: string; poster_path: string | null; backdrop_path: string | null;
  vote_average: number | null; first_air_date: string | null;
}

export function movieCard(row: MovieCardRow): TitleCard {
  return {
    type: 'movie', tmdbId: row.tmdb_id, title: row.title, slug: slugify(row.title), posterPath: row.poster_path,
    backdropPath: row.backdrop_path, voteAverage: row.vote_average, year: yearOf(row.release_date),
  };
}

export function showCard(row: ShowCardRow): TitleCard {
  return {
    type: 'tv', tmdbId: row.tmdb_id, title: row.name, slug: slugify(row.name), posterPath: row.poster_path,
    backdropPath: row.backdrop_path, voteAverage: row.vote_average, year: yearOf(row.first_air_date),
  };
}

/** Columns a card needs, for `.select(...)`. */
export const MOVIE_CARD_COLUMNS = ['movies.tmdb_id', 'movies.title', 'movies.poster_path', 'movies.backdrop_path', 'movies.vote_average', 'movies.release_date'] as const;
export const SHOW_CARD_COLUMNS = ['tv_shows.tmdb_id', 'tv_shows.name', 'tv_shows.poster_path', 'tv_shows.backdrop_path', 'tv_shows.vote_average', 'tv_shows.first_air_date'] as const;

export function formatRating(vote: number | null): string {
  return vote === null || vote === undefined ? 'N/A' : Number(vote).toFixed(1);
}
