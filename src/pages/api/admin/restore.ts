/** POST a backup file's JSON (?mode=replace empties every table first): see src/lib/backup/restore.ts. */
import { endpoint, readJsonBody } from '../../../lib/http/endpoint.ts';
import { json } from '../../../lib/http/respond.ts';
import { BackupError } from '../../../lib/backup/backup.ts';
import { UNREADABLE_FILE, restoreQuery } from '../../../lib/backup/contract.ts';
import { MAX_RESTORE_BYTES, restoreBackup } from '../../../lib/backup/restore.ts';

export const prerender = false;

export const POST = endpoint({
  access: 'admin',
  query: restoreQuery,
  handler: async ({ db, query, context }) => {
    try {
      return await restoreBackup(db, await readJsonBody(context.request, MAX_RESTORE_BYTES, UNREADABLE_FILE), query.mode);
    } catch (error) {
      if (error instanceof BackupError) return json({ error: error.message, detail: error.detail ?? null }, 400);
      throw error;
    }
  },
  rebuild: ({ tables }) => `database restore (${tables.join(', ')})`,
});
