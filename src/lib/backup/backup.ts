/** Backup: every table of BACKUP_TABLES as JSON rows (restore.ts reads such a file back). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { BACKUP_TABLE_ORDER, BACKUP_TABLES, type BackupTable } from './tables.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupDocument, type BackupRow } from './contract.ts';
import { OperationFailed } from '../http/errors.ts';
import { isDatabaseUnavailable } from '../../../db/connect.ts';

type Db = Kysely<Database>;

export type Backup = BackupDocument<BackupTable>;

export async function createBackup(db: Db, now: Date = new Date()): Promise<Backup> {
  const tables = {} as Backup['tables'];
  for (const table of BACKUP_TABLE_ORDER) {
    try {
      const columns = Object.keys(BACKUP_TABLES[table].row);
      let query = db.selectFrom(table as never).select(columns as never);
      for (const column of BACKUP_TABLES[table].key) query = query.orderBy(sql.ref(column));
      const rows = await query.execute();
      tables[table] = (rows as BackupRow[]).map(plainRow);
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
function plainRow(row: BackupRow): BackupRow {
  const out: BackupRow = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}
