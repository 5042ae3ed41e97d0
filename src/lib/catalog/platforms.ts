/**
 * The platforms page (spec sections 2, 4 and 9): every platform by name, and a platform's titles 20 a page
 * (10 movies plus 10 shows, shuffled). The shuffle is seeded by platform and page, so a page's answer is the
 * same every time and can be cached.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { Random } from '../demo/random.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard, type TitleCard } from './client/cards.ts';
import { PLATFORM_MOVIES_PER_PAGE, PLATFORM_SHOWS_PER_PAGE, type Platform, type PlatformPage } from './client/platform-params.ts';

export async function listPlatforms(db: Kysely<Database>): Promise<Platform[]> {
  const rows = await db.selectFrom('platforms').select(['id', 'name', 'logo_path']).orderBy('name').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, logoPath: r.logo_path }));
}

/** A page of the platform's published titles, or null for an unknown platform. */
export async function platformTitles(db: Kysely<Database>, platformId: number, page: number): Promise<PlatformPage | null> {
  const platform = await db.selectFrom('platforms').select(['id', 'name', 'logo_path']).where('id', '=', platformId).executeTakeFirst();
  if (!platform) return null;
  const movies = db.selectFrom('movies').innerJoin('movie_providers', 'movie_providers.movie_id', 'movies.id')
    .where('movie_providers.platform_id', '=', platformId).where('movies.is_published', '=', true);
  const shows = db.selectFrom('tv_shows').innerJoin('tv_show_providers', 'tv_show_providers.tv_show_id', 'tv_shows.id')
    .where('tv_show_providers.platform_id', '=', platformId).where('tv_shows.is_published', '=', true);
  const [movieCount, showCount, movieRows, showRows] = await Promise.all([
    movies.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    shows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    movies.select(MOVIE_CARD_COLUMNS).orderBy('movies.popularity', 'desc').orderBy('movies.id')
      .limit(PLATFORM_MOVIES_PER_PAGE).offset((page - 1) * PLATFORM_MOVIES_PER_PAGE).execute(),
    shows.select(SHOW_CARD_COLUMNS).orderBy('tv_shows.popularity', 'desc').orderBy('tv_shows.id')
      .limit(PLATFORM_SHOWS_PER_PAGE).offset((page - 1) * PLATFORM_SHOWS_PER_PAGE).execute(),
  ]);
  return platformPage({ id: platform.id, name: platform.name, logoPath: platform.logo_path }, page,
    { cards: movieRows.map(movieCard), total: Number(movieCount.total) }, { cards: showRows.map(showCard), total: Number(showCount.total) });
}

/** The platform's page from its movies and shows of that page (each with the platform's total of its kind). */
export function platformPage(platform: Platform, page: number, movies: { cards: TitleCard[]; total: number },
  shows: { cards: TitleCard[]; total: number }): PlatformPage {
  const items = new Random(`platform-${platform.id}-page-${page}`).shuffle([...movies.cards, ...shows.cards]);
  const totalPages = Math.max(Math.ceil(movies.total / PLATFORM_MOVIES_PER_PAGE), Math.ceil(shows.total / PLATFORM_SHOWS_PER_PAGE));
  return { platform, items, page, totalPages, total: movies.total + shows.total };
}

