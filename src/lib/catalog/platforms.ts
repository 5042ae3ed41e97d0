/**
 * The platforms pages (spec sections 2, 4 and 9): every platform by name, and a platform's titles 20 a page
 * (10 movies plus 10 shows, shuffled). The shuffle is seeded by platform and page, so a page's answer is the
 * same every time and can be cached, and the prerendered first page matches the API's.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { Random } from '../random.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard, type TitleCard } from './client/cards.ts';
import { PLATFORM_MOVIES_PER_PAGE, PLATFORM_SHOWS_PER_PAGE, type Platform, type PlatformPage } from './client/platform-params.ts';

export async function listPlatforms(db: Kysely<Database>): Promise<Platform[]> {
  const rows = await db.selectFrom('platforms').select(['id', 'name', 'logo_path']).orderBy('name').orderBy('id').execute();
  return rows.map(toPlatform);
}

function toPlatform(row: { id: number; name: string; logo_path: string | null }): Platform {
  return { id: row.id, name: row.name, logoPath: row.logo_path };
}

const publishedMovies = (db: Kysely<Database>) => db.selectFrom('movies').innerJoin('movie_providers', 'movie_providers.movie_id', 'movies.id')
  .where('movies.is_published', '=', true);
const publishedShows = (db: Kysely<Database>) => db.selectFrom('tv_shows').innerJoin('tv_show_providers', 'tv_show_providers.tv_show_id', 'tv_shows.id')
  .where('tv_shows.is_published', '=', true);

type MovieRow = Parameters<typeof movieCard>[0];
type ShowRow = Parameters<typeof showCard>[0];

/** A page of the platform's published titles, or null for an unknown platform. */
export async function platformTitles(db: Kysely<Database>, platformId: number, page: number): Promise<PlatformPage | null> {
  const platform = await db.selectFrom('platforms').select(['id', 'name', 'logo_path']).where('id', '=', platformId).executeTakeFirst();
  if (!platform) return null;
  const movies = publishedMovies(db).where('movie_providers.platform_id', '=', platformId);
  const shows = publishedShows(db).where('tv_show_providers.platform_id', '=', platformId);
  const [movieCount, showCount, movieRows, showRows] = await Promise.all([
    movies.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    shows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    movies.select(MOVIE_CARD_COLUMNS).orderBy('movies.popularity', 'desc').orderBy('movies.id')
      .limit(PLATFORM_MOVIES_PER_PAGE).offset((page - 1) * PLATFORM_MOVIES_PER_PAGE).execute(),
    shows.select(SHOW_CARD_COLUMNS).orderBy('tv_shows.popularity', 'desc').orderBy('tv_shows.id')
      .limit(PLATFORM_SHOWS_PER_PAGE).offset((page - 1) * PLATFORM_SHOWS_PER_PAGE).execute(),
  ]);
  return platformPage(toPlatform(platform), page,
    { cards: movieRows.map(movieCard), total: Number(movieCount.total) }, { cards: showRows.map(showCard), total: Number(showCount.total) });
}

/** The platform's page from its movies and shows of that page (each with the platform's total of its kind). */
export function platformPage(platform: Platform, page: number, movies: { cards: TitleCard[]; total: number },
  shows: { cards: TitleCard[]; total: number }): PlatformPage {
  const items = new Random(`platform-${platform.id}-page-${page}`).shuffle([...movies.cards, ...shows.cards]);
  const totalPages = Math.max(Math.ceil(movies.total / PLATFORM_MOVIES_PER_PAGE), Math.ceil(shows.total / PLATFORM_SHOWS_PER_PAGE));
  return { platform, items, page, totalPages, total: movies.total + shows.total };
}

export interface PlatformPageData { platforms: Platform[]; pages: PlatformPage[] }

/**
 * Every platform's first page, for the build: the platforms, then each type's first-page rows of all platforms
 * in one ranked query and their counts in one grouped query (five queries whatever the number of platforms).
 */
export async function loadPlatformPages(db: Kysely<Database>): Promise<PlatformPageData> {
  const anyDb = db as unknown as Kysely<any>;
  const firstRows = <R>(query: ReturnType<typeof publishedMovies> | ReturnType<typeof publishedShows>, columns: readonly string[],
    owner: 'movie_providers' | 'tv_show_providers', table: 'movies' | 'tv_shows', perPage: number) =>
    anyDb.selectFrom((query as ReturnType<typeof publishedMovies>).select([...columns as never[], `${owner}.platform_id` as never,
      sql<number>`row_number() over (partition by ${sql.ref(`${owner}.platform_id`)} order by ${sql.ref(`${table}.popularity`)} desc, ${sql.ref(`${table}.id`)})`.as('position')])
      .as('ranked'))
      .selectAll().where('position', '<=', perPage).orderBy('platform_id').orderBy('position').execute() as Promise<(R & { platform_id: number })[]>;
  const [platforms, movieRows, showRows, movieCounts, showCounts] = await Promise.all([
    listPlatforms(db),
    firstRows<MovieRow>(publishedMovies(db), MOVIE_CARD_COLUMNS, 'movie_providers', 'movies', PLATFORM_MOVIES_PER_PAGE),
    firstRows<ShowRow>(publishedShows(db), SHOW_CARD_COLUMNS, 'tv_show_providers', 'tv_shows', PLATFORM_SHOWS_PER_PAGE),
    publishedMovies(db).select(['movie_providers.platform_id', (eb) => eb.fn.countAll<number>().as('total')]).groupBy('movie_providers.platform_id').execute(),
    publishedShows(db).select(['tv_show_providers.platform_id', (eb) => eb.fn.countAll<number>().as('total')]).groupBy('tv_show_providers.platform_id').execute(),
  ]);
  const byPlatform = <R extends { platform_id: number }>(rows: R[]) => Map.groupBy(rows, (row) => row.platform_id);
  const [moviesOf, showsOf] = [byPlatform(movieRows), byPlatform(showRows)];
  const movieTotals = new Map(movieCounts.map((row) => [row.platform_id, Number(row.total)]));
  const showTotals = new Map(showCounts.map((row) => [row.platform_id, Number(row.total)]));
  const pages = platforms.map((platform) => platformPage(platform, 1,
    { cards: (moviesOf.get(platform.id) ?? []).map(movieCard), total: movieTotals.get(platform.id) ?? 0 },
    { cards: (showsOf.get(platform.id) ?? []).map(showCard), total: showTotals.get(platform.id) ?? 0 }));
  return { platforms, pages };
}

