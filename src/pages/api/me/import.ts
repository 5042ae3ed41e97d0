import { endpoint } from '../../../lib/http/endpoint.ts';
import { ImportQuery } from '../../../lib/transfer/contract.ts';
import { importFile } from '../../../lib/transfer/import.ts';
import { transferRoutes } from '../../../lib/transfer/routes.ts';
import { readImportUpload } from '../../../lib/transfer/upload.ts';

export const prerender = false;

export const POST = endpoint(transferRoutes.importFile, {
  query: ImportQuery,
  handler: async ({ db, user, query, context }) => importFile(db, user.id, await readImportUpload(db, user.id, context.request), query.name),
});
