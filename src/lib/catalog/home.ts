/** Home page reads (spec section 7): recently added titles and the hero. */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleCard, type TitleCard } from './client/cards.ts';
import { CARD_COLUMNS, titleKind } from './title-kinds.ts';

export const HOME_RECENT_LIMIT = 20;
export const HERO_SLIDES = 5;

export interface HeroSlide extends TitleCard {
  overview: string | null;
}

/** The most recently added published titles of the kind (Recently Added Movies / Shows). */
export async function recentTitles(db: Kysely<Database>, type: ContentType, limit = HOME_RECENT_LIMIT): Promise<TitleCard[]> {
  const rows = await db.selectFrom(titleKind(type).titles).select(CARD_COLUMNS)
    .where('titles.is_published', '=', true).orderBy('titles.created_at', 'desc').orderBy('titles.id', 'desc').limit(limit).execute();
  return rows.map((row) => titleCard(type, row));
}

/** Up to five recently added published movies that have a backdrop. */
export async function heroMovies(db: Kysely<Database>, limit = HERO_SLIDES): Promise<HeroSlide[]> {
  const rows = await db.selectFrom(titleKind('movie').titles).select([...CARD_COLUMNS, 'titles.overview'])
    .where('titles.is_published', '=', true).where('titles.backdrop_path', 'is not', null)
    .orderBy('titles.created_at', 'desc').orderBy('titles.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...titleCard('movie', row), overview: row.overview }));
}
