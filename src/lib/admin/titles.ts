/** Admin reads and writes of movies and TV shows: lists with search, publication, deletion and links. */
import { expressionBuilder, sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { escapeLike } from '../read-model/search.ts';
import { titleKind, TITLE_KINDS } from '../titles/title-kinds.ts';
import { NotFound } from '../http/errors.ts';
import type { AdminOverrides } from '../../../db/schema.ts';
import type { AdminList, AdminTitleRow, ShowAdminField, ShowEdit } from './contract.ts';
import { adminOwned, claimEdited, handBack, SHOW_OWNABLE } from './ownership.ts';

type Db = Kysely<Database>;



export interface ListOptions {
  q?: string;
  page?: number;
  pageSize?: number;
}

/** An admin row as the database gives it (columns of the other kind absent). */
interface AdminTitleRecord {
  id: number;
  tmdb_id: number;
  title: string;
  poster_path: string | null;
  is_published: boolean;
  created_at: Date;
  stream_url?: string | null;
  download_url?: string | null;
  number_of_seasons?: number;
  trailer_key?: string | null;
  admin_overrides?: AdminOverrides;
}

/** The API's row: the record's fields, each kind's own columns only. */
function adminTitleRow(row: AdminTitleRecord): AdminTitleRow {
  return {
    id: row.id,
    tmdbId: row.tmdb_id,
    title: row.title,
    posterPath: row.poster_path,
    isPublished: row.is_published,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.stream_url !== undefined && { streamUrl: row.stream_url }),
    ...(row.download_url !== undefined && { downloadUrl: row.download_url }),
    ...(row.number_of_seasons !== undefined && { numberOfSeasons: row.number_of_seasons }),
    ...(row.trailer_key !== undefined && { trailerKey: row.trailer_key }),
    ...(row.admin_overrides !== undefined && { adminOwned: adminOwned(row.admin_overrides, SHOW_OWNABLE) }),
  };
}

// Subqueries need no connection: they are compiled as part of the query that uses them.
const subqueries = expressionBuilder<Database>();

/** The titles of each kind with the columns its admin table shows (the title or name as `title`). */
const ADMIN_ROWS = {
  movie: subqueries.selectFrom(TITLE_KINDS.movie.table)
    .select(['id', 'tmdb_id', 'poster_path', 'is_published', 'created_at', 'title', 'stream_url', 'download_url']).as('titles'),
  tv: subqueries.selectFrom(TITLE_KINDS.tv.table)
    .select(['id', 'tmdb_id', 'poster_path', 'is_published', 'created_at', 'name as title', 'number_of_seasons', 'trailer_key',
      'admin_overrides']).as('titles'),
} satisfies Record<ContentType, AliasedSelectQueryBuilder<AdminTitleRecord, 'titles'>>;

/** `LIKE` pattern matching `term` anywhere, its own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** Newest first; a search term matches the title/name (contains, any case) or, when numeric, the TMDB id. */
export async function listTitles(db: Db, type: ContentType, options: ListOptions = {}): Promise<AdminList<AdminTitleRow>> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 50;
  const term = options.q?.trim() ?? '';
  const rows: AliasedSelectQueryBuilder<AdminTitleRecord, 'titles'> = ADMIN_ROWS[type];

  let query = db.selectFrom(rows);
  if (term) {
    const numeric = /^\d{1,9}$/.test(term) ? Number(term) : null;
    query = query.where((eb) =>
      eb.or([
        eb(sql`search_text(${eb.ref('titles.title')})`, 'like', sql`search_text(${containsPattern(term)})`),
        ...(numeric !== null ? [eb('titles.tmdb_id', '=', numeric)] : []),
      ]),
    );
  }
  const [{ total }, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('titles.created_at', 'desc').orderBy('titles.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return {
    items: items.map(adminTitleRow),
    total: Number(total),
    page,
    pageSize,
  };
}

/** Publishes or unpublishes; returns how many rows changed state. */
export async function setPublished(db: Db, type: ContentType, ids: number[], published: boolean): Promise<number> {
  const result = await db.updateTable(titleKind(type).table).set({ is_published: published, updated_at: sql`now()` })
    .where('id', 'in', ids).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes titles; genres, credits, providers and episodes go with them (ON DELETE CASCADE). */
export async function deleteTitles(db: Db, type: ContentType, ids: number[]): Promise<number> {
  const result = await db.deleteFrom(titleKind(type).table).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Only the links of a movie are editable by admins; false when the movie does not exist. */
export async function updateMovieLinks(
  db: Db,
  id: number,
  links: { streamUrl: string | null; downloadUrl: string | null },
): Promise<boolean> {
  const result = await db.updateTable(TITLE_KINDS.movie.table)
    .set({ stream_url: links.streamUrl, download_url: links.downloadUrl, updated_at: sql`now()` })
    .where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A TV row's edit: the trailer the show page plays (spec: Edit on TV rows, as on movies). A changed trailer is the admin's. */
export async function updateShow(db: Db, { id, trailerKey }: ShowEdit): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const show = await tx.selectFrom('tv_shows').select(['trailer_key', 'admin_overrides']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!show) throw new NotFound(TITLE_KINDS.tv.notFoundMessage);
    const edit = { trailer_key: trailerKey };
    await tx.updateTable('tv_shows')
      .set({ ...edit, admin_overrides: JSON.stringify(claimEdited(show, edit, show.admin_overrides, SHOW_OWNABLE)), updated_at: sql`now()` })
      .where('id', '=', id).execute();
  });
}

/** "Use TMDB's" on a show's field: TMDB's value, kept since the admin took the field, is put back at once. */
export async function showUseTmdb(db: Db, id: number, field: ShowAdminField): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const show = await tx.selectFrom('tv_shows').select('admin_overrides').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!show) throw new NotFound(TITLE_KINDS.tv.notFoundMessage);
    const column = SHOW_OWNABLE[field];
    const { value, overrides } = handBack(show.admin_overrides, column);
    await tx.updateTable('tv_shows').set({ [column]: value as string | null, admin_overrides: JSON.stringify(overrides), updated_at: sql`now()` })
      .where('id', '=', id).execute();
  });
}
