import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { IMPORT_SIGNATURE_HEADER, signImportJob } from '../../src/lib/tmdb/import-signature.ts';

const db = { name: 'the database' };
const getDb = vi.fn(async () => db);
const client = { name: 'the TMDB client' };
const runImportJob = vi.fn(async () => {});
vi.mock('../../src/lib/db.ts', () => ({ getDb }));
vi.mock('../../src/lib/tmdb/actions.ts', () => ({ configuredTmdbClient: () => client }));
vi.mock('../../src/lib/tmdb/import-jobs.ts', () => ({ runImportJob }));
const { default: importBackground } = await import('../../netlify/functions/import-background.ts');

beforeEach(() => vi.stubEnv('AUTH_SECRET', 'unit-test-secret-unit-test-secret'));
afterEach(() => { runImportJob.mockClear(); getDb.mockClear(); vi.unstubAllEnvs(); });

const post = (body: string, signature?: string) => new Request('http://site.example/.netlify/functions/import-background', {
  method: 'POST', body, headers: signature === undefined ? {} : { [IMPORT_SIGNATURE_HEADER]: signature },
});

it('runs the import job the signed POST names', async () => {
  const response = await importBackground(post('{"id":7}', signImportJob(7)));
  expect(response.status).toBe(200);
  expect(runImportJob).toHaveBeenCalledExactlyOnceWith(db, client, 7);
});

it('refuses a body without a job id, running nothing', async () => {
  for (const body of ['', '{}', '{"id":0}', 'not json']) {
    expect((await importBackground(post(body))).status, body).toBe(400);
  }
  expect(runImportJob).not.toHaveBeenCalled();
});

it('refuses an unsigned or wrongly signed call before touching the database', async () => {
  const forged = signImportJob(8);
  vi.stubEnv('AUTH_SECRET', 'another-secret-another-secret-another');
  for (const signature of [undefined, '', 'x', forged, signImportJob(9)]) {
    const response = await importBackground(post('{"id":8}', signature));
    expect(response.status, signature).toBe(403);
    expect(await response.text()).toBe('Unsigned call refused.');
  }
  expect(getDb).not.toHaveBeenCalled();
  expect(runImportJob).not.toHaveBeenCalled();
});
