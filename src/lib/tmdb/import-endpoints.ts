/** The add-one and bulk-import endpoints shared by /api/admin/{movies,tv}/add and /api/admin/import/{movies,tv}. */
import { endpoint } from '../http/endpoint.ts';
import type { ContentType } from '../../../db/schema.ts';
import { AddMovieBody, AddShowBody, BulkImportBody } from './contract.ts';
import { addTitle, configuredTmdbClient } from './actions.ts';
import { ImportAlreadyRunning, startImportJob } from './import-jobs.ts';
import type { ImportAlreadyRunningAnswer } from '../admin/contract.ts';
import { json } from '../http/respond.ts';
import { catalogueEdited } from '../publishing/catalogue-changes.ts';

/** POST { tmdbId } (movies also take streamUrl?, downloadUrl?): adds or refreshes one title from TMDB. */
export function addTitleEndpoint(kind: ContentType) {
  return endpoint({
    access: 'admin',
    body: kind === 'movie' ? AddMovieBody : AddShowBody,
    afterSuccess: (_, { db, body, context }) => catalogueEdited(db, context, `added ${kind} ${body.tmdbId}`),
    handler: ({ db, body }) => addTitle(db, configuredTmdbClient(), kind, body),
  });
}

/**
 * POST { page, endPage }: starts a bulk import job of TMDB's popular titles (202 with the job; the panel polls
 * /api/admin/import/jobs/[id]). The job runs page by page in the background and queues the rebuild itself. While
 * another job is queued or running: 409 with that job.
 */
export function bulkImportEndpoint(kind: ContentType) {
  return endpoint({
    access: 'admin',
    body: BulkImportBody,
    handler: async ({ db, body, context }) => {
      try {
        return json(await startImportJob(db, kind, body.page, body.endPage, context.url.origin), 202);
      } catch (error) {
        if (!(error instanceof ImportAlreadyRunning)) throw error;
        return json({ error: error.message, job: error.job } satisfies ImportAlreadyRunningAnswer, 409);
      }
    },
  });
}
