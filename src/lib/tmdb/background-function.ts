/**
 * The Netlify background functions that run a TMDB job (netlify/functions/import-background.ts and
 * sync-background.ts). The `-background` name makes Netlify answer the caller 202 at once and run the function for
 * up to 15 minutes. POST { id }: whoever created the job calls it, signed (job-signature.ts); an unsigned call is
 * refused before the database is touched, and a job that is not queued or stale is left alone by the job's own claim.
 */
import type { Context } from '@netlify/functions';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { getDb } from '../db.ts';
import { errorMessage } from '../http/respond.ts';
import { configuredTmdbClient } from './actions.ts';
import type { TmdbClient } from './client.ts';
import { ImportJobRef } from '../admin/contract.ts';
import { isSignedJob, JOB_SIGNATURE_HEADER, type JobTable } from './job-signature.ts';

type RunJob = (db: Kysely<Database>, client: TmdbClient | null, id: number) => Promise<void>;

/**
 * The function that runs `run` for the job of `table` the signed POST names; `what` names the job ('an import job') in
 * answers and logs.
 */
export function backgroundJobFunction(table: JobTable, what: string, run: RunJob) {
  return async (request: Request, _context: Context): Promise<Response> => {
    const job = ImportJobRef.safeParse(await request.json().catch(() => null));
    if (!job.success) return new Response(`Expected { id } of ${what}.`, { status: 400 });
    if (!isSignedJob(table, job.data.id, request.headers.get(JOB_SIGNATURE_HEADER))) return new Response('Unsigned call refused.', { status: 403 });
    try {
      await run(await getDb(), configuredTmdbClient(), job.data.id);
      return new Response(`Ran ${what} (${job.data.id}).`, { status: 200 });
    } catch (error) {
      console.error(`[background: ${what}]`, error);
      return new Response(errorMessage(error), { status: 500 });
    }
  };
}
