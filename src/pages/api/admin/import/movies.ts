/** POST { page, endPage }: imports TMDB's popular movies one page per call, so each call fits a serverless time limit. */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { BulkImportBody } from '../../../../lib/tmdb/contract.ts';
import { bulkImportPage, configuredTmdbClient } from '../../../../lib/tmdb/actions.ts';

export const prerender = false;

export const POST = endpoint({
  access: 'admin',
  body: BulkImportBody,
  rebuild: (_, { body }) => `bulk import movie page ${body.page}`,
  handler: ({ db, body }) => bulkImportPage(db, configuredTmdbClient(), 'movie', body.page, body.endPage),
});
