/** GET: the whole database as one JSON download (see src/lib/backup/tables.ts for what is included). */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, jsonError } from '../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../lib/accounts/guards.ts';
import { BackupError, createBackup } from '../../../lib/backup/backup.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  try {
    const backup = await createBackup(await getDb());
    const name = `backup-${backup.created_at.slice(0, 10)}.json`;
    return json(backup, 200, { 'Content-Disposition': `attachment; filename="${name}"` });
  } catch (error) {
    console.error('[backup]', error);
    return jsonError(error instanceof BackupError ? error.message : 'Backup failed.', 500);
  }
};
