/**
 * Reading the catalogue's change log (db/migrations/0014_catalogue_changes.ts). A reader keeps a snapshot as its
 * cursor and takes, each time, the changes of the transactions that committed between that snapshot and a new one:
 * exactly once each, whatever order writers commit in. Markers let a writer wait until readers have caught up with it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { CatalogueChangeOp, Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

export interface CatalogueChange {
  id: number;
  table: string;
  op: CatalogueChangeOp;
  keys: Record<string, unknown> | null;
  oldKeys: Record<string, unknown> | null;
  columns: string[] | null;
}

/** What a read found: the new cursor, and the changes since the old one (`tooMany` instead of them past a bound). */
export type ChangeBatch =
  | { snapshot: string; changes: CatalogueChange[]; tooMany: false; lastMarker: number }
  | { snapshot: string; changes: null; tooMany: true; lastMarker: number };

/**
 * Past this many changes at once (a restore, a big import), a reader republishes everything rather than map each:
 * at that point most pages changed anyway.
 */
export const MAX_CHANGES_PER_READ = 20_000;
/** How long the log keeps a change; a reader whose cursor is older starts over (housekeeping prunes the rest). */
export const CHANGE_RETENTION_SECONDS = 24 * 60 * 60;

const notConsumed = (since: string) =>
  sql<boolean>`txid >= pg_snapshot_xmin(${since}::pg_snapshot) and not pg_visible_in_snapshot(txid, ${since}::pg_snapshot)`;

/** This database's id (db/migrations/0019_database_identity.ts): a cursor belongs to one database's log. */
export async function databaseId(db: Db): Promise<string> {
  return (await db.selectFrom('database_identity').select('id').executeTakeFirstOrThrow()).id;
}

/** The current snapshot, as a cursor that has consumed everything committed so far. */
export async function currentSnapshot(db: Db): Promise<string> {
  const { rows } = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(db);
  return rows[0]!.snapshot;
}

/**
 * The changes committed after `since` (a snapshot from this module), and the snapshot to read from next time. In a
 * snapshot of its own, or in the caller's transaction: its snapshot is taken first, so a change committed before it is
 * read now and one committed after is read next time (in a READ COMMITTED transaction, perhaps both: never neither).
 */
export function readChangesSince(db: Db, since: string, limit = MAX_CHANGES_PER_READ): Promise<ChangeBatch> {
  if (db.isTransaction) return readIn(db, since, limit);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx) => readIn(trx, since, limit));
}

/**
 * The first `limit` changes committed after `since`. In txid order, so that the txid index finds the few rows after the
 * cursor: in id order Postgres walks the primary key through every row the log keeps (2.5 million a day after a 50k
 * import: 0.9 s per read, five reads a second).
 */
export function unreadChanges(db: Db, since: string, limit: number) {
  return db.selectFrom('catalogue_changes').select(['id', 'table_name', 'op', 'keys', 'old_keys', 'columns'])
    .where(notConsumed(since)).orderBy('txid').orderBy('id').limit(limit);
}

async function readIn(trx: Db, since: string, limit: number): Promise<ChangeBatch> {
  const snapshot = await currentSnapshot(trx);
  const rows = await unreadChanges(trx, since, limit + 1).execute();
  const lastMarker = Math.max(0, ...rows.filter((row) => row.op === 'S').map((row) => row.id));
  if (rows.length > limit) {
    const marker = await trx.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id'))
      .where('op', '=', 'S').where(notConsumed(since)).executeTakeFirst();
    return { snapshot, changes: null, tooMany: true, lastMarker: Number(marker?.id ?? 0) };
  }
  const changes = rows.filter((row) => row.op !== 'S').map((row) => ({
    id: row.id, table: row.table_name, op: row.op, keys: row.keys, oldKeys: row.old_keys, columns: row.columns,
  }));
  return { snapshot, changes, tooMany: false, lastMarker };
}

/** Logs a change that names every page: readers renew (or purge) them all. */
export async function logRepublishEverything(db: Db): Promise<void> {
  await db.insertInto('catalogue_changes').values({ table_name: '', op: 'T' }).execute();
}

/** Adds a marker; a reader that has read it has read every change committed before this call. */
export async function addMarker(db: Db): Promise<number> {
  const row = await db.insertInto('catalogue_changes').values({ table_name: '', op: 'S' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Records how far the reader `name` has consumed the log (its snapshot) and the last marker it read. */
export async function recordProgress(db: Db, name: string, snapshot: string, lastMarker: number): Promise<void> {
  await db.insertInto('publishing_consumers').values({ name, snapshot, last_marker: lastMarker })
    .onConflict((oc) => oc.column('name').doUpdateSet({
      snapshot, updated_at: sql`now()`, last_marker: sql`greatest(publishing_consumers.last_marker, ${lastMarker})`,
    })).execute();
}

/** Records that the reader `name` has finished publishing every change up to `marker`. */
export async function recordSettled(db: Db, name: string, marker: number): Promise<void> {
  await db.updateTable('publishing_consumers').set({ settled_marker: sql`greatest(settled_marker, ${marker})`, updated_at: sql`now()` })
    .where('name', '=', name).execute();
}

/** A reader that has not recorded progress for this long is not waited for. */
export const LIVE_READER_SECONDS = 30;

/**
 * Resolves once every live reader whose name starts with `prefix` has read `marker` (or, `settled`, finished
 * publishing the changes before it), or after `timeoutMs` (false: a reader is slow or gone; the write stands and the
 * reader catches up when it can).
 */
export async function waitForReaders(db: Db, prefix: string, marker: number, timeoutMs: number, until: 'read' | 'settled' = 'read'): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const behind = await db.selectFrom('publishing_consumers').select('name')
      .where('name', 'like', `${prefix}%`).where(until === 'read' ? 'last_marker' : 'settled_marker', '<', marker)
      .where('updated_at', '>', sql<Date>`now() - make_interval(secs => ${LIVE_READER_SECONDS})`)
      .executeTakeFirst();
    if (!behind) return true;
    if (Date.now() >= deadline) return false;
    await delay(25);
  }
}
