/**
 * Reads of the list pages (spec sections 4, 7 and 9): published movies or shows filtered by genre and year,
 * sorted, 48 per page with the total count; category first pages and list heroes for the build.
 * Movies and shows share one implementation over the table names in TITLE_TABLES.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard, type TitleCard } from './client/cards.ts';
import { BROWSE_PAGE_SIZE, totalPagesFor, type BrowsePage, type BrowseSort } from './client/browse-params.ts';
import { GENRES } from './client/genres.ts';
import { slugify } from './client/slug.ts';

interface TitleTables {
  table: string;
  junction: string;
  /** The title's platforms. */
  providers: string;
  /** The column of junction and providers that references the title. */
  owner: string;
  /** Release date (movies) or first-air date (shows). */
  date: string;
  columns: readonly string[];
}

/** Names are plain strings: queries over them go through Kysely<any>; rows become typed cards in toCard. */
export const TITLE_TABLES: Record<ContentType, TitleTables> = {
  movie: { table: 'movies', junction: 'movie_genres', providers: 'movie_providers', owner: 'movie_id', date: 'release_date', columns: MOVIE_CARD_COLUMNS },
  tv: { table: 'tv_shows', junction: 'tv_show_genres', providers: 'tv_show_providers', owner: 'tv_show_id', date: 'first_air_date', columns: SHOW_CARD_COLUMNS },
};

// Card rows of either table; the column lists above guarantee the shape movieCard/showCard expect.
type CardRow = Parameters<typeof movieCard>[0] & Parameters<typeof showCard>[0];

export function toCard(type: ContentType, row: unknown): TitleCard {
  return type === 'movie' ? movieCard(row as CardRow) : showCard(row as CardRow);
}

/** ORDER BY for a sort; the id makes ties (same date or rating) page consistently. */
export function sortSql(type: ContentType, sort: BrowseSort): RawBuilder<unknown> {
  const { table, date } = TITLE_TABLES[type];
  const column = sort === 'just-added' ? 'created_at' : sort === 'top-rated' ? 'vote_average' : date;
  return sql`${sql.ref(`${table}.${column}`)} desc nulls last, ${sql.ref(`${table}.id`)} desc`;
}

export interface BrowseQuery {
  type: ContentType;
  /** Titles having any of these genres; empty or absent means all. */
  genreIds?: number[];
  /** Released (or first aired) in this calendar year. */
  year?: number | null;
  sort: BrowseSort;
  page?: number;
  pageSize?: number;
}

/**
 * One page of published titles with the total count. A page past the last one comes back with no items
 * (the caller decides what out of range means; see isPageOutOfRange).
 */
export async function browseTitles(db: Kysely<Database>, query: BrowseQuery): Promise<BrowsePage<TitleCard>> {
  const { type, genreIds = [], year = null, sort, page = 1, pageSize = BROWSE_PAGE_SIZE } = query;
  const { table, junction, owner, date, columns } = TITLE_TABLES[type];
  const anyDb = db as unknown as Kysely<any>;
  let filtered = anyDb.selectFrom(table).where(`${table}.is_published`, '=', true);
  if (genreIds.length) {
    filtered = filtered.where((eb) => eb.exists(eb.selectFrom(junction).select(sql`1`.as('one'))
      .whereRef(`${junction}.${owner}`, '=', `${table}.id`).where(`${junction}.genre_id`, 'in', genreIds)));
  }
  if (year !== null) {
    // A range on the date column (not extract(year)) so the date index applies.
    filtered = filtered.where(`${table}.${date}`, '>=', `${year}-01-01`).where(`${table}.${date}`, '<=', `${year}-12-31`);
  }
  const [count, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    filtered.select([...columns]).orderBy(sortSql(type, sort)).limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  const total = Number(count.total);
  return { items: rows.map((row) => toCard(type, row)), page, totalPages: totalPagesFor(total, pageSize), total };
}

export interface CategoryPage {
  type: ContentType;
  genreId: number;
  name: string;
  slug: string;
  /** Page 1 sorted Newest, for the prerendered HTML. */
  firstPage: BrowsePage<TitleCard>;
}

export function categoryHref(type: ContentType, genreId: number, name: string): string {
  return `/category/${type}/${genreId}/${slugify(name)}`;
}

/**
 * Every genre with published titles of the type, each with its first page (sort Newest): two queries per
 * type however many categories there are (a build prerenders them all).
 */
export async function loadCategoryPages(db: Kysely<Database>, type: ContentType): Promise<CategoryPage[]> {
  const { table, junction, owner, columns } = TITLE_TABLES[type];
  const anyDb = db as unknown as Kysely<any>;
  const published = anyDb.selectFrom(junction).innerJoin(table, `${table}.id`, `${junction}.${owner}`)
    .where(`${table}.is_published`, '=', true);
  const [counts, ranked] = await Promise.all([
    published.innerJoin('genres', 'genres.id', `${junction}.genre_id`)
      .select(['genres.id', 'genres.name', (eb) => eb.fn.countAll().as('total')])
      .groupBy(['genres.id', 'genres.name']).orderBy('genres.id').execute(),
    anyDb.selectFrom(published.select([...columns, `${junction}.genre_id`,
        sql<number>`row_number() over (partition by ${sql.ref(`${junction}.genre_id`)} order by ${sortSql(type, 'newest')})`.as('position')])
        .as('ranked'))
      .selectAll().where('position', '<=', BROWSE_PAGE_SIZE).orderBy('genre_id').orderBy('position').execute(),
  ]);
  const cardsByGenre = new Map<number, TitleCard[]>();
  for (const row of ranked) {
    const cards = cardsByGenre.get(row.genre_id) ?? [];
    cards.push(toCard(type, row));
    cardsByGenre.set(row.genre_id, cards);
  }
  return counts.map((genre) => {
    const total = Number(genre.total);
    return {
      type, genreId: genre.id, name: genre.name, slug: slugify(genre.name),
      firstPage: { items: cardsByGenre.get(genre.id) ?? [], page: 1, totalPages: totalPagesFor(total), total },
    };
  });
}

export interface ListHero extends TitleCard {
  overview: string | null;
}

/** The list pages' hero: the newest published title (by date added) that has a backdrop. */
export async function newestWithBackdrop(db: Kysely<Database>, type: ContentType): Promise<ListHero | null> {
  const { table, columns } = TITLE_TABLES[type];
  const row = await (db as unknown as Kysely<any>).selectFrom(table).select([...columns, `${table}.overview`])
    .where(`${table}.is_published`, '=', true).where(`${table}.backdrop_path`, 'is not', null)
    .orderBy(sortSql(type, 'just-added')).limit(1).executeTakeFirst();
  return row ? { ...toCard(type, row), overview: row.overview } : null;
}

/** Genre names by id from the database, falling back to TMDB's names for genres not (yet) stored. */
export async function genreNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  const names = new Map(ids.filter((id) => GENRES[id]).map((id) => [id, GENRES[id]!] as const));
  if (ids.length === 0) return names;
  const rows = await db.selectFrom('genres').select(['id', 'name']).where('id', 'in', ids).execute();
  for (const row of rows) names.set(row.id, row.name);
  return names;
}
