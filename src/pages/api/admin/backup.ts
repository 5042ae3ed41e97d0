/** GET: the whole database as one JSON download (see src/lib/backup/tables.ts for what is included). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { json, jsonError } from '../../../lib/http/respond.ts';
import { BackupError, createBackup } from '../../../lib/backup/backup.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'admin',
  handler: async ({ db }) => {
    try {
      const backup = await createBackup(db);
      const name = `backup-${backup.created_at.slice(0, 10)}.json`;
      return json(backup, 200, { 'Content-Disposition': `attachment; filename="${name}"` });
    } catch (error) {
      console.error('[backup]', error);
      return jsonError(error instanceof BackupError ? error.message : 'Backup failed.', 500);
    }
  },
});
