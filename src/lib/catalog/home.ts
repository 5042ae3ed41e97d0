/** Home page reads (spec section 7): recently added titles and the hero. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard, type TitleCard } from './client/cards.ts';

export const HOME_RECENT_LIMIT = 20;
export const HERO_SLIDES = 5;

export interface HeroSlide extends TitleCard {
  overview: string | null;
}

export async function recentMovies(db: Kysely<Database>, limit = HOME_RECENT_LIMIT): Promise<TitleCard[]> {
  const rows = await db.selectFrom('movies').select(MOVIE_CARD_COLUMNS)
    .where('is_published', '=', true).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(movieCard);
}

export async function recentShows(db: Kysely<Database>, limit = HOME_RECENT_LIMIT): Promise<TitleCard[]> {
  const rows = await db.selectFrom('tv_shows').select(SHOW_CARD_COLUMNS)
    .where('is_published', '=', true).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(showCard);
}

/** Up to five recently added published movies that have a backdrop. */
export async function heroMovies(db: Kysely<Database>, limit = HERO_SLIDES): Promise<HeroSlide[]> {
  const rows = await db.selectFrom('movies').select([...MOVIE_CARD_COLUMNS, 'movies.overview'])
    .where('is_published', '=', true).where('backdrop_path', 'is not', null)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...movieCard(row), overview: row.overview }));
}
