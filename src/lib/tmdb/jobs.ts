/**
 * What the TMDB jobs (bulk imports, import-jobs.ts; syncs, sync.ts) share: one worker at a time per job, a job
 * whose worker died is taken over, and the worker runs in this process or, on Netlify, in a background function
 * (up to 15 minutes). Both tables have the columns used here: status, attempt, updated_at, error, finished_at.
 */
import { sql, type Kysely, type OnConflictBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { errorMessage } from '../http/respond.ts';
import { netlifySiteUrl, onServerlessHost } from '../settings.ts';
import { JOB_SIGNATURE_HEADER, signJob, type JobTable } from './job-signature.ts';

type Db = Kysely<Database>;

/**
 * The conflict clause of a job's insert: a partial unique index (migrations 0009 and 0011) lets one job of a table be
 * queued or running, so a start while one is live inserts nothing (and returns no row).
 */
export function noSecondActiveJob<TB extends JobTable>(oc: OnConflictBuilder<Database, TB>) {
  return oc.expression(sql`(true)`).where(sql<boolean>`status IN ('queued', 'running')`).doNothing();
}

/** Longer than any one page takes, even rate-limited: a job silent for this long lost its worker. */
export const STALE_AFTER_MS = 5 * 60_000;
export const NOT_CONFIGURED = 'TMDB is not configured (set TMDB_API_KEY).';

/**
 * Under Node a job's worker runs inside the server that started it, so a job this process never touched since it
 * started (left 'running' by a server that was killed) has no worker either: it is resumed at once, not after
 * STALE_AFTER_MS. (Were two servers to share one database, the claim's `attempt` still stops the older worker.)
 */
const processStartedAt = new Date();
export function staleBefore(): Date {
  const silent = new Date(Date.now() - STALE_AFTER_MS);
  return onServerlessHost() || silent > processStartedAt ? silent : processStartedAt;
}
export const isStale = (row: { status: string; updated_at: Date | string }) =>
  (row.status === 'queued' || row.status === 'running') && new Date(row.updated_at) < staleBefore();

/**
 * Takes the job if it is queued or stale, so two workers never run it at once. The claim bumps `attempt` and
 * returns it; every later write of this worker requires it unchanged (`where('attempt', '=', attempt)`), so a
 * worker whose job was taken over stops writing. Undefined when the job is not this worker's to run.
 */
export async function claimJob(db: Db, table: JobTable, id: number): Promise<number | undefined> {
  const row = await db.updateTable(table)
    .set((eb) => ({ status: 'running', attempt: eb('attempt', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where((eb) => eb.or([
      eb('status', '=', 'queued'),
      eb.and([eb('status', '=', 'running'), eb('updated_at', '<', staleBefore())]),
    ]))
    .returning('attempt').executeTakeFirst();
  return row?.attempt;
}

/**
 * Hands the job to its worker: the background function at `functionPath` on Netlify, `runHere` otherwise. A
 * background function that cannot be reached fails the job, saying so about the `label`ed job. `origin` is the address the request
 * reached, used when Netlify's URL setting is missing.
 */
export async function startWorker(db: Db, table: JobTable, id: number, worker: { label: string; runHere(): Promise<void>; functionPath: string; origin: string }): Promise<void> {
  if (!onServerlessHost()) {
    void worker.runHere().catch((error) => console.error(`[${table}]`, error));
    return;
  }
  try {
    const response = await fetch(new URL(worker.functionPath, netlifySiteUrl() ?? worker.origin), {
      method: 'POST', headers: { 'Content-Type': 'application/json', [JOB_SIGNATURE_HEADER]: signJob(table, id) }, body: JSON.stringify({ id }),
    });
    if (!response.ok) throw new Error(`the background function answered ${response.status}.`);
  } catch (error) {
    await db.updateTable(table)
      .set({ status: 'failed', error: `Could not start the ${worker.label}: ${errorMessage(error)}`, updated_at: new Date(), finished_at: new Date() })
      .where('id', '=', id).where('status', 'in', ['queued', 'running']).execute();
  }
}
