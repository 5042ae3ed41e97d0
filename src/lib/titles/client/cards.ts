/** The compact shape every grid, row and carousel renders, for movies and shows alike. */
import type { ContentType } from './content-types.ts';
import { slugify } from './slug.ts';
import { CLIENT_TITLE_KINDS } from './content-types.ts';

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

/**
 * A card without the rating: what a page carries of titles it only suggests (a movie's recommendations), so that a
 * rating a sync moves changes the pages that show or sort by it, not every page that recommends the title.
 */
export type TitleTile = Omit<TitleCard, 'voteAverage'>;

export function titleTile({ voteAverage: _, ...tile }: TitleCard): TitleTile {
  return tile;
}

/** One key per title across both kinds ('movie:603'), for maps and sets of titles. */
export function titleKey(ref: { type: ContentType; tmdbId: number }): string {
  return `${ref.type}:${ref.tmdbId}`;
}

export function titleHref(card: Pick<TitleCard, 'type' | 'slug' | 'tmdbId'>): string {
  return `${CLIENT_TITLE_KINDS[card.type].urlPrefix}/${card.slug}/${card.tmdbId}`;
}

export function yearOf(date: string | null): number | null {
  return date ? Number(date.slice(0, 4)) : null;
}

/** What a card is made of, under the names both kinds' card columns give (../title-kinds.ts). */
export interface CardRow {
  tmdb_id: number; title: string; date: string | null; poster_path: string | null; backdrop_path: string | null;
  vote_average: number | null;
}

export function titleCard(type: ContentType, row: CardRow): TitleCard {
  return {
    type, tmdbId: row.tmdb_id, title: row.title, slug: slugify(row.title), posterPath: row.poster_path,
    backdropPath: row.backdrop_path, voteAverage: shownRating(row.vote_average), year: yearOf(row.date),
  };
}

export function formatRating(vote: number | null): string {
  return vote === null || vote === undefined ? 'N/A' : Number(vote).toFixed(1);
}

/**
 * A rating as pages show it (formatRating's precision): what a card or a credit carries, so that a sync moving a
 * rating in its second decimal changes no page that lists the title.
 */
export function shownRating(vote: number | null): number | null {
  return vote === null || vote === undefined ? null : Number(formatRating(vote));
}
