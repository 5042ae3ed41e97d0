/** GET: the bulk import job that is queued or running, if any (the panel follows it after a reload or tab switch). */
import { endpoint } from '../../../../../lib/http/endpoint.ts';
import type { ActiveImport } from '../../../../../lib/admin/contract.ts';
import { activeImportJob } from '../../../../../lib/tmdb/import-jobs.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'admin',
  handler: async ({ db, context }): Promise<ActiveImport> => ({ job: await activeImportJob(db, context.url.origin) }),
});
