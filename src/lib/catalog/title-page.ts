/** What the movie, TV show and person pages share: the title page's common shape and the helpers that load it. */
import type { TitleCard } from './client/cards.ts';

export const TOP_CAST_LIMIT = 15;
export const MORE_LIKE_THIS_LIMIT = 12;

export interface CastMember {
  personId: number;
  name: string;
  slug: string;
  character: string | null;
  profilePath: string | null;
}

/** What a movie page and a TV show page both show. */
export interface TitlePageBase {
  tmdbId: number;
  title: string;
  slug: string;
  overview: string | null;
  tagline: string | null;
  posterPath: string | null;
  backdropPath: string | null;
  voteAverage: number | null;
  /** How many TMDB votes the average is over. */
  voteCount: number;
  year: number | null;
  originCountry: string[];
  viewCount: number;
  screenshots: string[];
  trailerKey: string | null;
  genres: { id: number; name: string }[];
  platforms: { id: number; name: string; logoPath: string | null }[];
  cast: CastMember[];
  moreLikeThis: TitleCard[];
}

export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
