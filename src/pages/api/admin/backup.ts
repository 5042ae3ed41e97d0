/** GET: the whole database as one JSON download (see src/lib/backup/tables.ts for what is included). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { createBackup } from '../../../lib/backup/backup.ts';
import { adminRoutes } from '../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.backup, {
  handler: ({ db }) => createBackup(db),
  headers: (backup) => ({ 'Content-Disposition': `attachment; filename="backup-${backup.created_at.slice(0, 10)}.json"` }),
});
