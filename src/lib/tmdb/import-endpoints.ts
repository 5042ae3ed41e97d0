/** The add-one and bulk-import endpoints shared by /api/admin/{movies,tv}/add and /api/admin/import/{movies,tv}. */
import { endpoint } from '../http/endpoint.ts';
import type { ContentType } from '../../../db/schema.ts';
import { AddMovieBody, AddShowBody, BulkImportBody } from '../admin/contract.ts';
import { addTitle, configuredTmdbClient } from './actions.ts';
import { startImportJob } from './import-jobs.ts';
import { catalogueChanged } from '../publishing/catalogue-changes.ts';
import { adminRoutes } from '../admin/routes.ts';

/** POST { tmdbId } (movies also take streamUrl?, downloadUrl?): adds or refreshes one title from TMDB. */
export function addTitleEndpoint(kind: ContentType) {
  return endpoint(adminRoutes.titles[kind].add, {
    body: kind === 'movie' ? AddMovieBody : AddShowBody,
    afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
    handler: ({ db, body }) => addTitle(db, configuredTmdbClient(), kind, body),
  });
}

/**
 * POST { page, endPage }: starts a bulk import job of TMDB's popular titles (202 with the job; the panel polls
 * /api/admin/import/jobs/[id]). The job runs page by page in the background and queues the rebuild itself. While
 * another job is queued or running: 409 with that job (ImportAlreadyRunning carries it).
 */
export function bulkImportEndpoint(kind: ContentType) {
  return endpoint(adminRoutes.titles[kind].startImport, {
    body: BulkImportBody,
    handler: ({ db, body, context }) => startImportJob(db, kind, body.page, body.endPage, context.url.origin),
  });
}
