/** Backup: every table of BACKUP_TABLES as JSON rows (restore.ts reads such a file back). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { BACKUP_FORMAT, BACKUP_TABLE_ORDER, BACKUP_TABLES, BACKUP_VERSION, type BackupTable } from './tables.ts';
import { OperationFailed } from '../http/errors.ts';
import { isDatabaseUnavailable } from '../../../db/connect.ts';

type Db = Kysely<Database>;
export type Row = Record<string, unknown>;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  tables: Record<BackupTable, Row[]>;
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
      // A database that went away is a 503 (retried); anything else is named for the admin and logged.
      if (isDatabaseUnavailable(error)) throw error;
      console.error(`[backup] ${table}:`, error);
      throw new OperationFailed(`Failed to fetch data from table: ${table}.`);
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
