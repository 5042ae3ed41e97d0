/**
 * Personal data (lists, ratings, history) points at a title by (content type, TMDB id; validated by contract.ts).
 * This module turns such references into cards of published titles.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard, type TitleCard } from '../catalog/client/cards.ts';
import { NotFound } from '../http/errors.ts';
import type { TitleRef } from './contract.ts';

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

/** Refuses a title that does not exist or is not published (personal data may only point at titles visitors can see). */
export async function requirePublishedTitle(db: Kysely<Database>, ref: TitleRef): Promise<void> {
  if (!(await loadTitleCards(db, [ref])).has(titleKey(ref))) throw new NotFound('Title not found.');
}
