/**
 * Bulk import jobs: one page of popular titles can outlast a serverless function's time limit, so an import runs
 * as a job the admin panel polls. Under Node the server runs it in-process right after answering; on Netlify a
 * background function (netlify/functions/import-background.ts, up to 15 minutes) does. Progress is stored after
 * every page, and a job whose worker died (no progress for STALE_AFTER_MS, or under Node a server restart) is resumed from its
 * current page by the next poll or start. One job runs at a time.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ContentType, Database, ImportJobsTable } from '../../../db/schema.ts';
import type { ImportJob } from '../admin/contract.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { Conflict, NotConfigured, NotFound } from '../http/errors.ts';
import { errorMessage, isoTimestamp } from '../http/respond.ts';
import { catalogueChanged } from '../publishing/catalogue-changes.ts';
import { configuredTmdbClient } from './actions.ts';
import type { TmdbClient } from './client.ts';
import { importPopularPage } from './importer.ts';
import { claimJob, isStale, noSecondActiveJob, NOT_CONFIGURED, startWorker } from './jobs.ts';

type Db = Kysely<Database>;
type JobRow = Selectable<ImportJobsTable>;

export { STALE_AFTER_MS } from './jobs.ts';
export const BACKGROUND_FUNCTION_PATH = '/.netlify/functions/import-background';

function toImportJob(row: JobRow): ImportJob {
  return {
    id: row.id, kind: row.kind, startPage: row.start_page, endPage: row.end_page, currentPage: row.current_page,
    processed: row.processed, skipped: row.skipped, status: row.status, error: row.error,
    createdAt: isoTimestamp(row.created_at), updatedAt: isoTimestamp(row.updated_at), finishedAt: isoTimestamp(row.finished_at),
  };
}

/** A start while another job is queued or running: one import at a time (409, with that job in the answer). */
export class ImportAlreadyRunning extends Conflict {
  constructor(job: ImportJob) {
    super(`An import is already running (${titleKind(job.kind).importLabel}, pages ${job.startPage}-${job.endPage}).`, { job });
  }
}

/**
 * Creates a job and starts its worker, unless a job is queued or running: then ImportAlreadyRunning, after resuming
 * that job if its worker died. `origin` is the address this request reached, used to call the background function
 * when Netlify's URL setting is missing.
 */
export async function startImportJob(db: Db, kind: ContentType, page: number, endPage: number, origin: string): Promise<ImportJob> {
  if (!configuredTmdbClient()) throw new NotConfigured(NOT_CONFIGURED);
  const running = await activeImportJob(db, origin);
  if (running) throw new ImportAlreadyRunning(running);
  const row = await db.insertInto('import_jobs').values({ kind, start_page: page, end_page: endPage, current_page: page })
    .onConflict(noSecondActiveJob).returningAll().executeTakeFirst();
  if (!row) {
    // Another start got in first; if its job has ended already, this one may start after all.
    const winner = await activeImportJob(db, origin);
    if (winner) throw new ImportAlreadyRunning(winner);
    return startImportJob(db, kind, page, endPage, origin);
  }
  await startImportWorker(db, row.id, origin);
  return toImportJob(await jobRow(db, row.id));
}

/** The job that is queued or running, if any (resumed on the way if its worker died), for the panel to follow. */
export async function activeImportJob(db: Db, origin: string): Promise<ImportJob | null> {
  const row = await db.selectFrom('import_jobs').select('id').where('status', 'in', ['queued', 'running']).executeTakeFirst();
  return row ? pollImportJob(db, row.id, origin) : null;
}

/** A job's progress; a job whose worker died is resumed on the way. */
export async function pollImportJob(db: Db, id: number, origin: string): Promise<ImportJob> {
  const row = await jobRow(db, id);
  if (isStale(row)) await startImportWorker(db, id, origin);
  return toImportJob(await jobRow(db, id));
}

async function jobRow(db: Db, id: number): Promise<JobRow> {
  const row = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('Import job not found.');
  return row;
}

/** Hands the job to its worker: the background function on Netlify, this process otherwise. */
function startImportWorker(db: Db, id: number, origin: string): Promise<void> {
  return startWorker(db, 'import_jobs', id, {
    label: 'import', functionPath: BACKGROUND_FUNCTION_PATH, origin, runHere: () => runImportJob(db, configuredTmdbClient(), id),
  });
}

/**
 * Runs a job from its current page to its end page, storing progress after each page. A title TMDB sends
 * unusable data for is skipped (and listed); a failure of the whole page (TMDB down, key rejected) fails the job.
 * Does nothing when the job is done, failed, or being run by a live worker.
 */
export async function runImportJob(db: Db, client: TmdbClient | null, id: number): Promise<void> {
  const attempt = await claimJob(db, 'import_jobs', id);
  if (attempt === undefined) return;
  const job = await jobRow(db, id);
  const mine = db.updateTable('import_jobs').where('id', '=', id).where('attempt', '=', attempt);
  let { current_page: page, processed } = job;
  const skipped = [...job.skipped];
  try {
    if (!client) throw new Error(NOT_CONFIGURED);
    for (;;) {
      const result = await importPopularPage(db, client, job.kind, page);
      processed += result.processed;
      skipped.push(...result.skipped);
      const next = result.nextPage !== null && result.nextPage <= job.end_page ? result.nextPage : null;
      const finished = next === null ? { status: 'done' as const, finished_at: new Date() } : {};
      const stored = await mine.set({ current_page: next ?? page, processed, skipped: JSON.stringify(skipped), updated_at: new Date(), ...finished })
        .executeTakeFirst();
      await catalogueChanged(db);
      if (stored.numUpdatedRows === 0n || next === null) break; // taken over by another worker, or done
      page = next;
    }
  } catch (error) {
    await mine.set({ status: 'failed', error: errorMessage(error), updated_at: new Date(), finished_at: new Date() }).execute();
  }
}
