/** Backup: every table of BACKUP_TABLES as JSON rows; restore: all or nothing, in one transaction. */
import { z } from 'astro/zod';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { BACKUP_FORMAT, BACKUP_TABLE_ORDER, BACKUP_TABLES, BACKUP_VERSION, JSON_COLUMNS, SERIAL_TABLES, type BackupTable } from './tables.ts';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  tables: Record<BackupTable, Row[]>;
}

/** An error naming the table it concerns; its message is what the admin sees after 'Backup/Restore failed: '. */
export class BackupError extends Error {
  constructor(message: string, readonly table: BackupTable | null, readonly detail?: string) {
    super(message);
  }
}

export async function createBackup(db: Db, now: Date = new Date()): Promise<Backup> {
  const tables = {} as Record<BackupTable, Row[]>;
  for (const table of BACKUP_TABLE_ORDER) {
    try {
      const columns = Object.keys(BACKUP_TABLES[table].row);
      let query = db.selectFrom(table as never).select(columns as never);
      for (const column of BACKUP_TABLES[table].key) query = query.orderBy(sql.ref(column));
      const rows = await query.execute();
      tables[table] = (rows as Row[]).map(plainRow);
    } catch (error) {
      throw new BackupError(`Failed to fetch data from table: ${table}.`, table, String(error));
    }
  }
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at: now.toISOString(), tables };
}

/** Dates to ISO strings, so a backup reads the same whatever the driver. */
function plainRow(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

const envelope = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  tables: z.record(z.string(), z.unknown()),
});

/** Validates a backup; the error names the first table that does not match the schema. */
export function parseBackup(value: unknown): Record<BackupTable, Row[]> {
  const head = envelope.safeParse(value);
  if (!head.success) throw new BackupError('This is not a CineCat backup file.', null, head.error.issues[0]?.message);
  const tables = {} as Record<BackupTable, Row[]>;
  for (const table of BACKUP_TABLE_ORDER) {
    const rows = z.array(z.object(BACKUP_TABLES[table].row).strict()).safeParse(head.data.tables[table]);
    if (!rows.success) {
      const issue = rows.error.issues[0];
      throw new BackupError(`Failed to restore table ${table}.`, table, issue ? `${issue.path.join('.')}: ${issue.message}` : undefined);
    }
    tables[table] = rows.data as Row[];
  }
  return tables;
}

/**
 * Replaces the content of every backed-up table with the backup's, or changes nothing. Everyone must sign in again
 * afterwards (see endEverySession).
 */
export async function restoreBackup(db: Db, value: unknown): Promise<{ rows: number }> {
  const tables = parseBackup(value);
  let count = 0;
  await db.transaction().execute(async (trx) => {
    const highestSessionVersion = await highestSessionVersionOf(trx);
    for (const table of [...BACKUP_TABLE_ORDER].reverse()) {
      await attempt(table, () => trx.deleteFrom(table as never).execute());
    }
    for (const table of BACKUP_TABLE_ORDER) {
      await attempt(table, () => insertRows(trx, table, tables[table]));
      count += tables[table].length;
    }
    for (const table of SERIAL_TABLES) {
      await attempt(table, () =>
        sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(trx),
      );
    }
    await attempt('users', () => endEverySession(trx, highestSessionVersion));
  });
  return { rows: count };
}

/** The highest session_version before the restore: every session cookie in circulation carries at most this. */
async function highestSessionVersionOf(trx: Transaction<Database>): Promise<number> {
  const row = await trx.selectFrom('users').select((eb) => eb.fn.max('session_version').as('highest')).executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/**
 * A backup holds old password hashes and session versions: without this, sessions revoked since the backup (a
 * password change, a reset) would work again. Moving every restored user past any version handed out ends all.
 */
async function endEverySession(trx: Transaction<Database>, highestBefore: number): Promise<void> {
  await trx.updateTable('users').set({ session_version: sql`GREATEST(session_version, ${highestBefore}) + 1` }).execute();
}

async function attempt(table: BackupTable, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    throw new BackupError(`Failed to restore table ${table}.`, table, error instanceof Error ? error.message : String(error));
  }
}

async function insertRows(trx: Transaction<Database>, table: BackupTable, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const jsonColumns = JSON_COLUMNS[table] ?? [];
  const columnCount = Object.keys(BACKUP_TABLES[table].row).length;
  const chunkSize = Math.max(1, Math.floor(20_000 / columnCount)); // stays under Postgres' 65,535 parameters
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize).map((row) => {
      const values: Row = { ...row };
      for (const column of jsonColumns) values[column] = JSON.stringify(row[column]);
      return values;
    });
    await trx.insertInto(table as never).values(chunk as never).execute();
  }
}
