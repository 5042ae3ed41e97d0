/** POST { page, endPage }: starts a bulk import job of TMDB's popular movies (202 with the job; poll /api/admin/import/jobs/[id]). */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { json } from '../../../../lib/http/respond.ts';
import { BulkImportBody } from '../../../../lib/tmdb/contract.ts';
import { startImportJob } from '../../../../lib/tmdb/import-jobs.ts';

export const prerender = false;

export const POST = endpoint({
  access: 'admin',
  body: BulkImportBody,
  handler: async ({ db, body, context }) => json(await startImportJob(db, 'movie', body.page, body.endPage, context.url.origin), 202),
});
