import type { Context } from '@netlify/functions';
import { afterEach, expect, it, vi } from 'vitest';

const db = { name: 'the database' };
const client = { name: 'the TMDB client' };
const runImportJob = vi.fn(async () => {});
const runSync = vi.fn(async () => {});
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => db }));
vi.mock('../../src/lib/tmdb/actions.ts', () => ({ configuredTmdbClient: () => client }));
vi.mock('../../src/lib/tmdb/import-jobs.ts', () => ({ runImportJob }));
vi.mock('../../src/lib/tmdb/sync.ts', () => ({ runSync }));
const { default: importBackground } = await import('../../netlify/functions/import-background.ts');
const { default: syncBackground } = await import('../../netlify/functions/sync-background.ts');
const context = {} as Context;

afterEach(() => { runImportJob.mockClear(); runSync.mockClear(); });

const post = (body: string) => new Request('http://site.example/.netlify/functions/import-background', { method: 'POST', body });

it('runs the import job the POST names', async () => {
  const response = await importBackground(post('{"id":7}'), context);
  expect(response.status).toBe(200);
  expect(runImportJob).toHaveBeenCalledExactlyOnceWith(db, client, 7);
});

it('the sync background function runs the sync the POST names', async () => {
  const response = await syncBackground(post('{"id":3}'), context);
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
