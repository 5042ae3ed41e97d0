import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from '@netlify/functions';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { dailyJobDue, NO_BUILD_HOOK, SCHEDULE_OFF } from '../../src/lib/tmdb/daily.ts';
import { latestSync } from '../../src/lib/tmdb/sync.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const { default: scheduled, config } = await import('../../netlify/functions/scheduled-rebuild.ts');

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
const hookPosts: string[] = [];
let hookUrl: string;
const hook = createServer((request, response) => {
  hookPosts.push(`${request.method} ${request.url}`);
  response.end();
});
beforeAll(async () => {
  fake = await startFakeTmdb();
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc`;
});
afterAll(async () => {
  await fake.close();
  hook.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Invokes the scheduled function as Netlify does, and waits for what it handed to waitUntil. */
async function invoke(): Promise<{ status: number; text: string }> {
  const pending: Promise<unknown>[] = [];
  const context = { site: { url: 'http://site.example' }, waitUntil: (promise: Promise<unknown>) => pending.push(promise) } as unknown as Context;
  const response = await scheduled(new Request('http://site.example/.netlify/functions/scheduled-rebuild', { method: 'POST' }), context);
  await Promise.all(pending);
  return { status: response.status, text: await response.text() };
}

describeEachEngine('the daily job (Netlify scheduled function)', (getDb) => {
  beforeEach(async () => {
    currentDb = getDb();
    hookPosts.length = 0;
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.stubEnv('REBUILD_MODE', '');
    vi.stubEnv('TMDB_API_KEY', '');
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', '');
    await currentDb.deleteFrom('tmdb_syncs').execute();
    await currentDb.deleteFrom('rebuild_requests').execute();
  });
  const rebuilds = () => currentDb.selectFrom('rebuild_requests').select(['reason', 'request_count']).execute();

  it('is Netlify\'s one daily schedule', () => {
    expect(config).toEqual({ schedule: '@daily' });
  });

  it('with TMDB, runs the sync, whose changes need no rebuild, and is not due again for a day', async () => {
    vi.stubEnv('TMDB_API_KEY', fake.apiKey);
    vi.stubEnv('TMDB_API_BASE_URL', fake.baseUrl);
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', hookUrl);
    const answer = await invoke();
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/^TMDB sync \d+ started \(changes since .+\); its changes reach the pages as it stores them\.$/);
    await expect.poll(async () => (await latestSync(currentDb))?.status, { timeout: 30_000 }).toBe('done');
    expect(hookPosts).toEqual([]);
    expect(await rebuilds()).toEqual([]);
    expect(await dailyJobDue(currentDb)).toBe(false);
    expect(await dailyJobDue(currentDb, Date.now() + 25 * 3_600_000)).toBe(true);
  });

  it('without TMDB, requests the rebuild alone', async () => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', hookUrl);
    expect(await invoke()).toEqual({ status: 200, text: 'Site rebuild requested.' });
    expect(hookPosts).toEqual(['POST /build_hooks/abc']);
    expect(await rebuilds()).toEqual([{ reason: 'daily rebuild', request_count: 1 }]);
    expect(await latestSync(currentDb)).toBeNull();
  });

  it('does nothing, says why and answers 200 when the schedule is off, or on Netlify without a build hook or TMDB', async () => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', hookUrl);
    vi.stubEnv('TMDB_API_KEY', fake.apiKey);
    vi.stubEnv('REBUILD_SCHEDULE', 'off');
    expect(await invoke()).toEqual({ status: 200, text: SCHEDULE_OFF });
    expect(console.log).toHaveBeenCalledWith(`[scheduled-rebuild] ${SCHEDULE_OFF}`);
    vi.stubEnv('REBUILD_SCHEDULE', '');
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', '');
    vi.stubEnv('TMDB_API_KEY', '');
    vi.stubEnv('NETLIFY', 'true');
    expect(await invoke()).toEqual({ status: 200, text: NO_BUILD_HOOK });
    expect(hookPosts).toEqual([]);
    expect(await rebuilds()).toEqual([]);
    expect(await latestSync(currentDb)).toBeNull();
  });
});
