/**
 * Personal data (lists, ratings, history) points at a title by (content type, TMDB id; validated by contract.ts).
 * This module turns such references into cards of published titles.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { titleCard, titleKey, type TitleCard } from '../titles/client/cards.ts';
import { CARD_COLUMNS, forEachKind, titleKind } from '../titles/title-kinds.ts';
import { anyOf } from '../catalog/any-of.ts';
import { NotFound } from '../http/errors.ts';
import type { TitleRef } from './contract.ts';

/** Cards of the published titles among refs, keyed by titleKey; missing or unpublished titles are absent. */
export async function loadTitleCards(db: Kysely<Database>, refs: readonly TitleRef[]): Promise<Map<string, TitleCard>> {
  const cards = await forEachKind(async (type) => {
    const ids = [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.tmdbId))];
    if (!ids.length) return [];
    const rows = await db.selectFrom(titleKind(type).titles).select(CARD_COLUMNS)
      .where('titles.is_published', '=', true).where('titles.tmdb_id', '=', anyOf(ids)).execute();
    return rows.map((row) => titleCard(type, row));
  });
  return new Map([...cards.movie, ...cards.tv].map((card) => [titleKey(card), card]));
}

/** Refuses a title that does not exist or is not published (personal data may only point at titles visitors can see). */
export async function requirePublishedTitle(db: Kysely<Database>, ref: TitleRef): Promise<void> {
  if (!(await loadTitleCards(db, [ref])).has(titleKey(ref))) throw new NotFound('Title not found.');
}
