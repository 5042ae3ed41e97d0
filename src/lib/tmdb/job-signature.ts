/**
 * Anyone can reach a Netlify function's URL: whoever starts a TMDB job (jobs.ts `startWorker`) signs its table and id
 * for the background function (background-function.ts), which refuses an unsigned call before touching the database.
 * The key is derived from AUTH_SECRET for this one use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { resolveAuthSecret } from '../accounts/secret.ts';
import { authSecret } from '../settings.ts';

/** The tables of the TMDB jobs (jobs.ts), whose ids a signature names. */
export type JobTable = 'import_jobs' | 'tmdb_syncs';

export const JOB_SIGNATURE_HEADER = 'X-Job-Signature';

function signature(table: JobTable, id: number): Buffer {
  const key = createHmac('sha256', resolveAuthSecret(authSecret())).update('cinecat:background-jobs').digest();
  return createHmac('sha256', key).update(`${table}:${id}`).digest();
}

export const signJob = (table: JobTable, id: number): string => signature(table, id).toString('base64url');

/** Compared in constant time. */
export function isSignedJob(table: JobTable, id: number, given: string | null): boolean {
  const expected = signature(table, id);
  const actual = Buffer.from(given ?? '', 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
