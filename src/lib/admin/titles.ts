/** Admin reads and writes of movies and TV shows: lists with search, publication, deletion and links. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { escapeLike } from '../catalog/search.ts';
import { NotFound } from '../http/errors.ts';
import type { ShowEdit } from './contract.ts';

type Db = Kysely<Database>;
export type TitleKind = 'movies' | 'tv';

export interface AdminTitleRow {
  id: number;
  tmdb_id: number;
  title: string;
  poster_path: string | null;
  is_published: boolean;
  created_at: string;
  /** Movies only. */
  stream_url?: string | null;
  download_url?: string | null;
  /** Shows only. */
  number_of_seasons?: number;
  trailer_key?: string | null;
}

export interface AdminList<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ListOptions {
  q?: string;
  page?: number;
  pageSize?: number;
}

const TABLE = { movies: 'movies', tv: 'tv_shows' } as const;

/** `LIKE` pattern matching `term` anywhere, its own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** Newest first; a search term matches the title/name (contains, any case) or, when numeric, the TMDB id. */
export async function listTitles(db: Db, kind: TitleKind, options: ListOptions = {}): Promise<AdminList<AdminTitleRow>> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 50;
  const term = options.q?.trim() ?? '';
  const nameColumn = kind === 'movies' ? 'title' : 'name';
  const table = TABLE[kind];

  let query = db.selectFrom(table);
  if (term) {
    const numeric = /^\d{1,9}$/.test(term) ? Number(term) : null;
    query = query.where((eb) =>
      eb.or([
        eb(sql`search_text(${sql.ref(nameColumn)})`, 'like', sql`search_text(${containsPattern(term)})`),
        ...(numeric !== null ? [eb('tmdb_id', '=', numeric)] : []),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query
      .select(['id', 'tmdb_id', 'poster_path', 'is_published', 'created_at', sql<string>`${sql.ref(nameColumn)}`.as('title')])
      .$if(kind === 'movies', (qb) => qb.select([sql<string | null>`stream_url`.as('stream_url'), sql<string | null>`download_url`.as('download_url')]))
      .$if(kind === 'tv', (qb) => qb.select([sql<number>`number_of_seasons`.as('number_of_seasons'), sql<string | null>`trailer_key`.as('trailer_key')]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({ ...row, created_at: new Date(row.created_at as Date | string).toISOString() }) as AdminTitleRow),
    total: Number(total),
    page,
    pageSize,
  };
}

/** Publishes or unpublishes; returns how many rows changed state. */
export async function setPublished(db: Db, kind: TitleKind, ids: number[], published: boolean): Promise<number> {
  const result = await db.updateTable(TABLE[kind]).set({ is_published: published, updated_at: sql`now()` })
    .where('id', 'in', ids).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes titles; genres, credits, providers and episodes go with them (ON DELETE CASCADE). */
export async function deleteTitles(db: Db, kind: TitleKind, ids: number[]): Promise<number> {
  const result = await db.deleteFrom(TABLE[kind]).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Only the links of a movie are editable by admins; false when the movie does not exist. */
export async function updateMovieLinks(
  db: Db,
  id: number,
  links: { stream_url: string | null; download_url: string | null },
): Promise<boolean> {
  const result = await db.updateTable('movies')
    .set({ stream_url: links.stream_url, download_url: links.download_url, updated_at: sql`now()` })
    .where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A TV row's edit: the trailer the show page plays (spec: Edit on TV rows, as on movies). */
export async function updateShow(db: Db, { id, trailer_key }: ShowEdit): Promise<void> {
  const result = await db.updateTable('tv_shows').set({ trailer_key, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFound('TV show not found.');
}
