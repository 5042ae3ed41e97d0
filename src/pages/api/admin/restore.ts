/** POST a backup file's JSON (?mode=replace empties every table first): see src/lib/backup/restore.ts. */
import { endpoint, readJsonBody } from '../../../lib/http/endpoint.ts';
import { MAX_BACKUP_BYTES, RestoreQuery } from '../../../lib/admin/contract.ts';
import { UNREADABLE_FILE } from '../../../lib/backup/client/restore-options.ts';
import { restoreBackup } from '../../../lib/backup/restore.ts';
import { catalogueChanged } from '../../../lib/publishing/catalogue-changes.ts';
import { adminRoutes } from '../../../lib/admin/routes.ts';

export const prerender = false;

export const POST = endpoint(adminRoutes.restore, {
  query: RestoreQuery,
  // The body is read here, not through `body`, so that an unreadable file gets the spec's message.
  handler: async ({ db, query, context }) => restoreBackup(db, await readJsonBody(context.request, MAX_BACKUP_BYTES, UNREADABLE_FILE), query.mode),
  afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
});
