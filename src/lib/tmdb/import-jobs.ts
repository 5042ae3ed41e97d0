/**
 * Bulk import jobs: one page of popular titles can outlast a serverless function's time limit, so an import runs
 * as a job the admin panel polls. Under Node the server runs it in-process right after answering; on Netlify a
 * background function (netlify/functions/import-background.ts, up to 15 minutes) does. Progress is stored after
 * every page, and a job whose worker died (no progress for STALE_AFTER_MS) is resumed from its current page by
 * the next poll or start.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ContentType, Database, ImportJobsTable } from '../../../db/schema.ts';
import type { ImportJob } from '../admin/contract.ts';
import { NotConfigured, NotFound } from '../http/errors.ts';
import { errorMessage } from '../http/respond.ts';
import { requestRebuild } from '../rebuild/index.ts';
import { netlifySiteUrl, onServerlessHost } from '../settings.ts';
import { configuredTmdbClient } from './actions.ts';
import type { TmdbClient } from './client.ts';
import { importPopularPage } from './importer.ts';
import { IMPORT_SIGNATURE_HEADER, signImportJob } from './import-signature.ts';

type Db = Kysely<Database>;
type JobRow = Selectable<ImportJobsTable>;

/** Longer than any one page takes, even rate-limited: a job silent for this long lost its worker. */
export const STALE_AFTER_MS = 5 * 60_000;
export const BACKGROUND_FUNCTION_PATH = '/.netlify/functions/import-background';
const NOT_CONFIGURED = 'TMDB is not configured (set TMDB_API_KEY).';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toImportJob(row: JobRow): ImportJob {
  return {
    id: row.id, kind: row.kind, startPage: row.start_page, endPage: row.end_page, currentPage: row.current_page,
    processed: row.processed, skipped: row.skipped, status: row.status, error: row.error,
    createdAt: iso(row.created_at)!, updatedAt: iso(row.updated_at)!, finishedAt: iso(row.finished_at),
  };
}

/**
 * Creates a job and starts its worker, resuming on the way any job whose worker died and nobody polls any more.
 * `origin` is the address this request reached, used to call the background function when Netlify's URL
 * setting is missing.
 */
export async function startImportJob(db: Db, kind: ContentType, page: number, endPage: number, origin: string): Promise<ImportJob> {
  if (!configuredTmdbClient()) throw new NotConfigured(NOT_CONFIGURED);
  const stale = await db.selectFrom('import_jobs').select('id').where('status', 'in', ['queued', 'running'])
    .where('updated_at', '<', staleBefore()).execute();
  const row = await db.insertInto('import_jobs')
    .values({ kind, start_page: page, end_page: endPage, current_page: page })
    .returningAll().executeTakeFirstOrThrow();
  for (const job of [row, ...stale]) await startWorker(db, job.id, origin);
  return toImportJob(await jobRow(db, row.id));
}

/** A job's progress; a job whose worker died is resumed on the way. */
export async function pollImportJob(db: Db, id: number, origin: string): Promise<ImportJob> {
  const row = await jobRow(db, id);
  if (isStale(row)) await startWorker(db, id, origin);
  return toImportJob(await jobRow(db, id));
}

async function jobRow(db: Db, id: number): Promise<JobRow> {
  const row = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('Import job not found.');
  return row;
}

const staleBefore = () => new Date(Date.now() - STALE_AFTER_MS);
const isStale = (row: JobRow) =>
  (row.status === 'queued' || row.status === 'running') && new Date(row.updated_at) < staleBefore();

/** Hands the job to its worker: the background function on Netlify, this process otherwise. */
async function startWorker(db: Db, id: number, origin: string): Promise<void> {
  if (!onServerlessHost()) {
    void runImportJob(db, configuredTmdbClient(), id).catch((error) => console.error('[import]', error));
    return;
  }
  try {
    const response = await fetch(new URL(BACKGROUND_FUNCTION_PATH, netlifySiteUrl() ?? origin), {
      method: 'POST', headers: { 'Content-Type': 'application/json', [IMPORT_SIGNATURE_HEADER]: signImportJob(id) }, body: JSON.stringify({ id }),
    });
    if (!response.ok) throw new Error(`the background function answered ${response.status}.`);
  } catch (error) {
    await db.updateTable('import_jobs')
      .set({ status: 'failed', error: `Could not start the import: ${errorMessage(error)}`, updated_at: new Date(), finished_at: new Date() })
      .where('id', '=', id).where('status', 'in', ['queued', 'running']).execute();
  }
}

/**
 * Takes the job if it is queued or stale, so two workers never run it at once; the claim bumps `attempt`,
 * and every later write of this worker requires it unchanged.
 */
async function claim(db: Db, id: number): Promise<JobRow | undefined> {
  return db.updateTable('import_jobs')
    .set((eb) => ({ status: 'running', attempt: eb('attempt', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where((eb) => eb.or([
      eb('status', '=', 'queued'),
      eb.and([eb('status', '=', 'running'), eb('updated_at', '<', staleBefore())]),
    ]))
    .returningAll().executeTakeFirst();
}

/**
 * Runs a job from its current page to its end page, storing progress after each page. A title TMDB sends
 * unusable data for is skipped (and listed); a failure of the whole page (TMDB down, key rejected) fails the job.
 * Does nothing when the job is done, failed, or being run by a live worker.
 */
export async function runImportJob(db: Db, client: TmdbClient | null, id: number): Promise<void> {
  const job = await claim(db, id);
  if (!job) return;
  const mine = db.updateTable('import_jobs').where('id', '=', id).where('attempt', '=', job.attempt);
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
      if (stored.numUpdatedRows === 0n || next === null) break; // taken over by another worker, or done
      page = next;
    }
  } catch (error) {
    await mine.set({ status: 'failed', error: errorMessage(error), updated_at: new Date(), finished_at: new Date() }).execute();
  }
  if (processed > job.processed) await requestRebuild(db, `bulk import ${job.kind} pages ${job.start_page}-${job.end_page}`);
}
