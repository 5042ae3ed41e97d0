/** POST a backup file's JSON: replaces every table's rows in one transaction, all or nothing. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { json, jsonError } from '../../../lib/http/respond.ts';
import { MAX_BACKUP_BYTES, RestoreBody, type RestoreDone } from '../../../lib/admin/contract.ts';
import { BackupError, restoreBackup } from '../../../lib/backup/backup.ts';

export const prerender = false;

export const POST = endpoint({
  access: 'admin',
  body: RestoreBody,
  maxBodyBytes: MAX_BACKUP_BYTES,
  rebuild: () => 'database restore',
  handler: async ({ db, body }): Promise<RestoreDone | Response> => {
    try {
      const { rows } = await restoreBackup(db, body);
      return { message: 'Database restore completed successfully!', rows };
    } catch (error) {
      if (error instanceof BackupError) return json({ error: error.message, detail: error.detail ?? null }, 400);
      console.error('[restore]', error);
      return jsonError('Restore failed.', 500);
    }
  },
});
