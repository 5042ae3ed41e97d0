/**
 * Personal data (lists, ratings, history) points at a title by (content type, TMDB id). This module validates
 * such references and turns them into cards of published titles.
 */
import { z } from 'astro/zod';
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard, type TitleCard } from '../catalog/cards.ts';

export const titleRefFields = {
  type: z.enum(['movie', 'tv']),
  tmdbId: z.coerce.number().int().positive().max(2_147_483_647),
};
export const titleRefSchema = z.object(titleRefFields);
export type TitleRef = z.infer<typeof titleRefSchema>;

export function titleKey(ref: { type: ContentType; tmdbId: number }): string {
  return `${ref.type}:${ref.tmdbId}`;
}

/** Cards of the published titles among refs, keyed by titleKey; missing or unpublished titles are absent. */
export async function loadTitleCards(db: Kysely<Database>, refs: readonly TitleRef[]): Promise<Map<string, TitleCard>> {
  const ids = (type: ContentType) => [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.tmdbId))];
  const movieIds = ids('movie');
  const showIds = ids('tv');
  const [movies, shows] = await Promise.all([
    movieIds.length
      ? db.selectFrom('movies').select(MOVIE_CARD_COLUMNS).where('is_published', '=', true).where('tmdb_id', 'in', movieIds).execute()
      : [],
    showIds.length
      ? db.selectFrom('tv_shows').select(SHOW_CARD_COLUMNS).where('is_published', '=', true).where('tmdb_id', 'in', showIds).execute()
      : [],
  ]);
  const cards = [...movies.map(movieCard), ...shows.map(showCard)];
  return new Map(cards.map((card) => [titleKey(card), card]));
}

/** Whether the title exists and is published (personal data may only point at titles visitors can see). */
export async function isPublishedTitle(db: Kysely<Database>, ref: TitleRef): Promise<boolean> {
  return (await loadTitleCards(db, [ref])).has(titleKey(ref));
}
