/**
 * Reads of the list pages (spec sections 4, 7 and 9): published movies or shows filtered by genre and year,
 * sorted, 48 per page with the total count; category first pages and list heroes for the build.
 * Movies and shows share one implementation over the kind's subqueries (title-kinds.ts).
 */
import { sql, type RawBuilder, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleCard, type TitleCard } from '../titles/client/cards.ts';
import { BROWSE_PAGE_SIZE, totalPagesFor, type BrowsePage, type BrowseSort } from './client/browse-params.ts';
import { GENRES } from './client/genres.ts';
import { slugify } from '../titles/client/slug.ts';
import type { BrowseQuery } from './contract.ts';
import { CARD_COLUMNS, titleKind, type TitleRow } from '../titles/title-kinds.ts';
import { onServices } from '../watch/providers.ts';

const SORT_COLUMNS: Record<BrowseSort, keyof TitleRow> = {
  'just-added': 'created_at', 'top-rated': 'vote_average', 'newly-launched': 'date', newest: 'date',
};

/** ORDER BY for a sort, over `titles`; the id makes ties (same date or rating) page consistently. */
export function sortSql(sort: BrowseSort): RawBuilder<unknown> {
  return sql`${sql.ref(`titles.${SORT_COLUMNS[sort]}`)} desc nulls last, titles.id desc`;
}


/**
 * One page of published titles with the total count (`total`, when the caller has read it: genreTotals). A page past
 * the last one comes back with no items (the caller decides what out of range means; see pageInRange in read-model.ts).
 */
export async function browseTitles(db: Kysely<Database>, query: BrowseQuery, total: number | null = null): Promise<BrowsePage<TitleCard>> {
  const { type, genreIds = [], year = null, sort, page = 1, pageSize = BROWSE_PAGE_SIZE, services = null } = query;
  const { titles, genreLinks } = titleKind(type);
  let filtered = db.selectFrom(titles).where('titles.is_published', '=', true);
  if (services) filtered = filtered.where(onServices(type, services));
  if (genreIds.length) {
    filtered = filtered.where((eb) => eb.exists(eb.selectFrom(genreLinks).select(sql`1`.as('one'))
      .whereRef('genre_links.title_id', '=', 'titles.id').where('genre_links.genre_id', 'in', genreIds)));
  }
  if (year !== null) {
    // A range on the date column (not extract(year)) so the date index applies.
    filtered = filtered.where('titles.date', '>=', `${year}-01-01`).where('titles.date', '<=', `${year}-12-31`);
  }
  const [counted, rows] = await Promise.all([
    total ?? filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow().then((count) => Number(count.total)),
    filtered.select(CARD_COLUMNS).orderBy(sortSql(sort)).limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { items: rows.map((row) => titleCard(type, row)), page, totalPages: totalPagesFor(counted, pageSize), total: counted };
}

/**
 * Each genre's published titles of the kind, in one query for any number of genres: a count joins every published
 * title of the kind, whether it is for one genre or many.
 */
export async function genreTotals(db: Kysely<Database>, type: ContentType, genreIds: number[]): Promise<{ genreId: number; total: number }[]> {
  if (genreIds.length === 0) return [];
  const { titles, genreLinks } = titleKind(type);
  const rows = await db.selectFrom(genreLinks).innerJoin(titles, 'titles.id', 'genre_links.title_id')
    .where('titles.is_published', '=', true).where('genre_links.genre_id', 'in', genreIds)
    .select(['genre_links.genre_id', (eb) => eb.fn.countAll<number>().as('total')]).groupBy('genre_links.genre_id').execute();
  const totals = new Map(rows.map((row) => [row.genre_id, Number(row.total)]));
  return genreIds.map((genreId) => ({ genreId, total: totals.get(genreId) ?? 0 }));
}

/**
 * The genres with published titles of the kind, by id: its category pages. Each genre's links are walked only to its
 * first published title (a subquery with a limit; as EXISTS the planner hashed every link: 5 ms against 150 at 50k).
 */
export function genresWithTitles(db: Kysely<Database>, type: ContentType): Promise<{ id: number; name: string }[]> {
  const { titles, genreLinks } = titleKind(type);
  return db.selectFrom('genres').select(['genres.id', 'genres.name'])
    .where((eb) => eb(eb.selectFrom(genreLinks).innerJoin(titles, 'titles.id', 'genre_links.title_id').select(sql`1`.as('one'))
      .whereRef('genre_links.genre_id', '=', 'genres.id').where('titles.is_published', '=', true).limit(1), 'is not', null))
    .orderBy('genres.id').execute();
}

export function categoryHref(type: ContentType, genreId: number, name: string): string {
  return `/category/${type}/${genreId}/${slugify(name)}`;
}

export interface ListHero extends TitleCard {
  overview: string | null;
}

/** The list pages' hero: the newest published title (by date added) that has a backdrop. */
export async function newestWithBackdrop(db: Kysely<Database>, type: ContentType): Promise<ListHero | null> {
  const row = await db.selectFrom(titleKind(type).titles).select([...CARD_COLUMNS, 'titles.overview'])
    .where('titles.is_published', '=', true).where('titles.backdrop_path', 'is not', null)
    .orderBy(sortSql('just-added')).limit(1).executeTakeFirst();
  return row ? { ...titleCard(type, row), overview: row.overview } : null;
}

/** Genre names by id from the database, falling back to TMDB's names for genres not (yet) stored. */
export async function genreNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  const names = new Map(ids.filter((id) => GENRES[id]).map((id) => [id, GENRES[id]!] as const));
  if (ids.length === 0) return names;
  const rows = await db.selectFrom('genres').select(['id', 'name']).where('id', 'in', ids).execute();
  for (const row of rows) names.set(row.id, row.name);
  return names;
}
