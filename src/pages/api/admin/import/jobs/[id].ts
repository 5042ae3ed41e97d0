/** GET: a bulk import job's progress (resuming it when its worker died). */
import { endpoint } from '../../../../../lib/http/endpoint.ts';
import { ImportJobRef } from '../../../../../lib/admin/contract.ts';
import { pollImportJob } from '../../../../../lib/tmdb/import-jobs.ts';
import { adminRoutes } from '../../../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.importJob, {
  params: ImportJobRef,
  handler: ({ db, params, context }) => pollImportJob(db, params.id, context.url.origin),
});
