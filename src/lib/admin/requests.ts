/** Admin list of visitors' requests: newest first, searchable by message, deletable. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AdminList, AdminRequestRow } from './contract.ts';
import { containsPattern, type ListOptions } from './titles.ts';

type Db = Kysely<Database>;


/** A request as the database gives it. */
type AdminRequestRecord = Pick<Selectable<Database['requests']>, 'id' | 'user_email' | 'message' | 'is_public' | 'created_at'>;

function adminRequestRow(row: AdminRequestRecord): AdminRequestRow {
  return {
    id: row.id, userEmail: row.user_email, message: row.message, isPublic: row.is_public,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listRequests(db: Db, options: ListOptions = {}): Promise<AdminList<AdminRequestRow>> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 50;
  const term = options.q?.trim() ?? '';
  const query = db.selectFrom('requests')
    .$if(term !== '', (qb) => qb.where(sql<boolean>`message ILIKE ${containsPattern(term)}`));
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query.select(['id', 'user_email', 'message', 'is_public', 'created_at'])
      .orderBy('created_at', 'desc').orderBy('id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return {
    items: rows.map(adminRequestRow),
    total: Number(total),
    page,
    pageSize,
  };
}

export async function deleteRequest(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('requests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
