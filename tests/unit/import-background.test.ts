import { afterEach, expect, it, vi } from 'vitest';

const db = { name: 'the database' };
const client = { name: 'the TMDB client' };
const runImportJob = vi.fn(async () => {});
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => db }));
vi.mock('../../src/lib/tmdb/actions.ts', () => ({ configuredTmdbClient: () => client }));
vi.mock('../../src/lib/tmdb/import-jobs.ts', () => ({ runImportJob }));
const { default: importBackground } = await import('../../netlify/functions/import-background.ts');

afterEach(() => runImportJob.mockClear());

const post = (body: string) => new Request('http://site.example/.netlify/functions/import-background', { method: 'POST', body });

it('runs the import job the POST names', async () => {
  const response = await importBackground(post('{"id":7}'));
  expect(response.status).toBe(200);
  expect(runImportJob).toHaveBeenCalledExactlyOnceWith(db, client, 7);
});

it('refuses a body without a job id, running nothing', async () => {
  for (const body of ['', '{}', '{"id":0}', 'not json']) {
    expect((await importBackground(post(body))).status, body).toBe(400);
  }
  expect(runImportJob).not.toHaveBeenCalled();
});
