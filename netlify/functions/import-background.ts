/**
 * Runs a bulk import job (src/lib/tmdb/import-jobs.ts) on Netlify, where one page of titles may outlast a
 * synchronous function. The `-background` name makes Netlify answer the caller 202 at once and run this for up
 * to 15 minutes. POST { id }: the admin endpoint that created the job calls it, signed (tmdb/import-signature.ts);
 * an unsigned call is refused before the database is touched, and a job that is not queued or stale is left alone.
 */
import { getDb } from '../../src/lib/db.ts';
import { configuredTmdbClient } from '../../src/lib/tmdb/actions.ts';
import { ImportJobRef } from '../../src/lib/tmdb/contract.ts';
import { runImportJob } from '../../src/lib/tmdb/import-jobs.ts';
import { IMPORT_SIGNATURE_HEADER, isSignedImportJob } from '../../src/lib/tmdb/import-signature.ts';

export default async (request: Request): Promise<Response> => {
  const job = ImportJobRef.safeParse(await request.json().catch(() => null));
  if (!job.success) return new Response('Expected { id } of an import job.', { status: 400 });
  if (!isSignedImportJob(job.data.id, request.headers.get(IMPORT_SIGNATURE_HEADER))) return new Response('Unsigned call refused.', { status: 403 });
  try {
    await runImportJob(await getDb(), configuredTmdbClient(), job.data.id);
    return new Response('Import job ran.', { status: 200 });
  } catch (error) {
    console.error('[import-background]', error);
    return new Response(error instanceof Error ? error.message : 'Import job failed.', { status: 500 });
  }
};
