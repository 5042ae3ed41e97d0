/** Browser-safe contract of the backup file: what GET /api/admin/backup answers and POST /api/admin/restore reads back. */

export const BACKUP_FORMAT = 'cinecat-backup';
export const BACKUP_VERSION = 1;

/** A row as the file holds it: column names to JSON values (timestamps as ISO text). */
export type BackupRow = Record<string, unknown>;

/** `tables`: each table's rows, parents first (src/lib/backup/tables.ts names the tables). */
export interface BackupDocument<Table extends string = string> {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  tables: Record<Table, BackupRow[]>;
}

/** What POST /api/admin/restore answers. `tables`: the names of the tables the file held, in restore order. */
export interface RestoreDone { message: string; rows: number; tables: string[] }
