import type { Context } from '@netlify/functions';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { JOB_SIGNATURE_HEADER, signJob } from '../../src/lib/tmdb/job-signature.ts';

const db = { name: 'the database' };
const getDb = vi.fn(async () => db);
const client = { name: 'the TMDB client' };
const runImportJob = vi.fn(async () => {});
const runSync = vi.fn(async () => {});
vi.mock('../../src/lib/db.ts', () => ({ getDb }));
vi.mock('../../src/lib/tmdb/actions.ts', () => ({ configuredTmdbClient: () => client }));
vi.mock('../../src/lib/tmdb/import-jobs.ts', () => ({ runImportJob }));
vi.mock('../../src/lib/tmdb/sync.ts', () => ({ runSync }));
const { default: importBackground } = await import('../../netlify/functions/import-background.ts');
const { default: syncBackground } = await import('../../netlify/functions/sync-background.ts');
const context = {} as Context;

beforeEach(() => vi.stubEnv('AUTH_SECRET', 'unit-test-secret-unit-test-secret'));
afterEach(() => { runImportJob.mockClear(); runSync.mockClear(); getDb.mockClear(); vi.unstubAllEnvs(); });

const post = (body: string, signature?: string) => new Request('http://site.example/.netlify/functions/import-background', {
  method: 'POST', body, headers: signature === undefined ? {} : { [JOB_SIGNATURE_HEADER]: signature },
});

it('runs the import job the signed POST names', async () => {
  const response = await importBackground(post('{"id":7}', signJob('import_jobs', 7)), context);
  expect(response.status).toBe(200);
  expect(runImportJob).toHaveBeenCalledExactlyOnceWith(db, client, 7);
});

it('the sync background function runs the sync the signed POST names', async () => {
  const response = await syncBackground(post('{"id":3}', signJob('tmdb_syncs', 3)), context);
  expect(await response.text()).toBe('Ran a sync (3).');
  expect(runSync).toHaveBeenCalledExactlyOnceWith(db, client, 3);
  expect(runImportJob).not.toHaveBeenCalled();
});

it('refuses a body without a job id, running nothing', async () => {
  for (const body of ['', '{}', '{"id":0}', 'not json']) {
    expect((await importBackground(post(body), context)).status, body).toBe(400);
  }
  expect(runImportJob).not.toHaveBeenCalled();
});

it('refuses an unsigned or wrongly signed call before touching the database', async () => {
  const forged = signJob('import_jobs', 8);
  vi.stubEnv('AUTH_SECRET', 'another-secret-another-secret-another');
  // Unsigned, empty, garbage, signed with another secret, another job's id, the same id of the other job table.
  for (const signature of [undefined, '', 'x', forged, signJob('import_jobs', 9), signJob('tmdb_syncs', 8)]) {
    const response = await importBackground(post('{"id":8}', signature), context);
    expect(response.status, signature).toBe(403);
    expect(await response.text()).toBe('Unsigned call refused.');
  }
  expect(getDb).not.toHaveBeenCalled();
  expect(runImportJob).not.toHaveBeenCalled();
});
