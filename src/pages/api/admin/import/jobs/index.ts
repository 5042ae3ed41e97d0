/** GET: the bulk import job that is queued or running, if any (the panel follows it after a reload or tab switch). */
import { endpoint } from '../../../../../lib/http/endpoint.ts';
import { adminRoutes } from '../../../../../lib/admin/routes.ts';
import { activeImportJob } from '../../../../../lib/tmdb/import-jobs.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.activeImport, {
  handler: async ({ db, context }) => ({ job: await activeImportJob(db, context.url.origin) }),
});
