/**
 * Restore (spec section 7): each table present in the file is upserted by primary key, parents first, and the
 * tables it lacks are left as they are. "Replace everything" empties every table first, so it takes a full backup
 * only. Either way the file is validated strictly before any write, and all writes share one transaction: a table
 * that fails changes nothing at all.
 */
import { z } from 'astro/zod';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { InvalidInput } from '../http/errors.ts';
import { isDatabaseUnavailable } from '../../../db/connect.ts';
import type { RestoreDone } from './contract.ts';
import { UNREADABLE_FILE, type RestoreMode } from './client/restore-options.ts';
import { ADDED_LATER, BACKUP_TABLE_ORDER, BACKUP_TABLES, JSON_COLUMNS, SERIAL_TABLES, type BackupTable } from './tables.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupRow } from './contract.ts';
import { errorMessage } from '../http/respond.ts';

type Db = Kysely<Database>;

/** A file the restore refuses (400): the message is what the admin sees after 'Restore failed: ', `detail` says why. */
const refused = (message: string, detail?: string) => new InvalidInput(message, { detail: detail ?? null });

export type RestoreTables = Partial<Record<BackupTable, BackupRow[]>>;

const envelope = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  tables: z.record(z.string(), z.unknown()),
});

/** Validates the tables a backup holds; the error names the first table that does not match its schema. */
export function parseBackup(value: unknown): RestoreTables {
  const head = envelope.safeParse(value);
  if (!head.success) throw refused(UNREADABLE_FILE, head.error.issues[0]?.message);
  const unknown = Object.keys(head.data.tables).find((name) => !(name in BACKUP_TABLES));
  if (unknown !== undefined) throw refused(`Failed to restore table ${unknown}.`, 'No such table.');
  const tables: RestoreTables = {};
  for (const table of BACKUP_TABLE_ORDER) {
    if (!(table in head.data.tables)) continue;
    const rows = z.array(z.object(BACKUP_TABLES[table].row).strict()).safeParse(head.data.tables[table]);
    if (!rows.success) {
      const issue = rows.error.issues[0];
      throw refused(`Failed to restore table ${table}.`, issue ? `${issue.path.join('.')}: ${issue.message}` : undefined);
    }
    tables[table] = rows.data as BackupRow[];
  }
  if (Object.keys(tables).length === 0) throw refused('The backup file holds no table.');
  return tables;
}

/**
 * Restores a backup file's tables (see the top of this file), or changes nothing. Everyone must sign in again
 * afterwards (see endEverySession).
 */
export async function restoreBackup(db: Db, file: unknown, mode: RestoreMode = 'merge'): Promise<RestoreDone> {
  const tables = parseBackup(file);
  const present = BACKUP_TABLE_ORDER.filter((table) => tables[table]);
  if (mode === 'replace') {
    const missing = BACKUP_TABLE_ORDER.filter((table) => !tables[table] && !ADDED_LATER.includes(table));
    if (missing.length) throw refused(`Replace everything needs a full backup; this file lacks ${missing.join(', ')}.`);
  }
  let rows = 0;
  await db.transaction().execute(async (trx) => {
    const highestSessionVersion = await highestSessionVersionOf(trx);
    if (mode === 'replace') await emptyAllTables(trx);
    for (const table of present) {
      await attempt(table, () => upsertRows(trx, table, tables[table]!));
      rows += tables[table]!.length;
    }
    await resetSequences(trx, present);
    await attempt('users', () => endEverySession(trx, highestSessionVersion));
  });
  return { message: 'Database restore completed successfully!', rows, tables: present };
}

async function emptyAllTables(trx: Transaction<Database>): Promise<void> {
  for (const table of [...BACKUP_TABLE_ORDER].reverse()) await attempt(table, () => trx.deleteFrom(table as never).execute());
}

/** New rows continue after the restored ids. */
async function resetSequences(trx: Transaction<Database>, tables: BackupTable[]): Promise<void> {
  for (const table of SERIAL_TABLES.filter((serial) => tables.includes(serial))) {
    await attempt(table, () =>
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(trx),
    );
  }
}

/** The highest session_version before the restore: every session cookie in circulation carries at most this. */
async function highestSessionVersionOf(trx: Transaction<Database>): Promise<number> {
  const row = await trx.selectFrom('users').select((eb) => eb.fn.max('session_version').as('highest')).executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/**
 * A backup holds old password hashes and session versions: without this, sessions revoked since the backup (a
 * password change, a reset) would work again. Moving every user past any version handed out ends all.
 */
async function endEverySession(trx: Transaction<Database>, highestBefore: number): Promise<void> {
  await trx.updateTable('users').set({ session_version: sql`GREATEST(session_version, ${highestBefore}) + 1` }).execute();
}

async function attempt(table: BackupTable, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    // A database that went away is no fault of the file (503, retried); anything else is the file's row.
    if (isDatabaseUnavailable(error)) throw error;
    throw refused(`Failed to restore table ${table}.`, errorMessage(error));
  }
}

/** Inserts the rows; a row whose primary key exists replaces that row's other columns. */
async function upsertRows(trx: Transaction<Database>, table: BackupTable, rows: BackupRow[]): Promise<void> {
  if (!rows.length) return;
  const { key, row: shape } = BACKUP_TABLES[table];
  const keyColumns: readonly string[] = key;
  const otherColumns = Object.keys(shape).filter((column) => !keyColumns.includes(column));
  const jsonColumns = JSON_COLUMNS[table] ?? [];
  const chunkSize = Math.max(1, Math.floor(20_000 / Object.keys(shape).length)); // stays under Postgres' 65,535 parameters
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize).map((row) => {
      const values: BackupRow = { ...row };
      for (const column of jsonColumns) values[column] = JSON.stringify(row[column]);
      return values;
    });
    await (trx as unknown as Kysely<any>).insertInto(table).values(chunk)
      .onConflict((oc) => {
        const target = oc.columns(keyColumns as string[]);
        return otherColumns.length
          ? target.doUpdateSet(Object.fromEntries(otherColumns.map((column) => [column, sql.ref(`excluded.${column}`)])))
          : target.doNothing();
      })
      .execute();
  }
}
