/**
 * Runs a bulk import job (src/lib/tmdb/import-jobs.ts) on Netlify, where one page of titles may outlast a
 * synchronous function. The `-background` name makes Netlify answer the caller 202 at once and run this for up
 * to 15 minutes. POST { id }: the admin endpoint that created the job calls it; a job that is not queued or stale
 * is left alone, so a stray call does nothing.
 */
import { getDb } from '../../src/lib/db.ts';
import { configuredTmdbClient } from '../../src/lib/tmdb/actions.ts';
import { ImportJobRef } from '../../src/lib/tmdb/contract.ts';
import { runImportJob } from '../../src/lib/tmdb/import-jobs.ts';

export default async (request: Request): Promise<Response> => {
  const job = ImportJobRef.safeParse(await request.json().catch(() => null));
  if (!job.success) return new Response('Expected { id } of an import job.', { status: 400 });
  try {
    await runImportJob(await getDb(), configuredTmdbClient(), job.data.id);
    return new Response('Import job ran.', { status: 200 });
  } catch (error) {
    console.error('[import-background]', error);
    return new Response(error instanceof Error ? error.message : 'Import job failed.', { status: 500 });
  }
};
