import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import scheduledRebuild, { config, SCHEDULE_OFF } from '../../netlify/functions/scheduled-rebuild.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function withHook(status: number, test: (url: string, posts: string[]) => Promise<void>) {
  const posts: string[] = [];
  const hook = createServer((request, response) => {
    posts.push(`${request.method} ${request.url}`);
    response.statusCode = status;
    response.end();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  try {
    await test(`http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc`, posts);
  } finally {
    hook.close();
  }
}

it('runs daily and POSTs the build hook', async () => {
  expect(config).toEqual({ schedule: '@daily' });
  await withHook(200, async (url, posts) => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', url);
    const response = await scheduledRebuild();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Build hook triggered.');
    expect(posts).toEqual(['POST /build_hooks/abc']);
  });
});

it('does nothing, says why and answers 200 when the schedule is off', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await withHook(200, async (url, posts) => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', url);
    vi.stubEnv('REBUILD_SCHEDULE', 'off');
    const response = await scheduledRebuild();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SCHEDULE_OFF);
    expect(posts).toEqual([]);
  });
  expect(log).toHaveBeenCalledWith(`[scheduled-rebuild] ${SCHEDULE_OFF}`);
});

it('answers 200 and logs the missing variable without a build hook', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.stubEnv('NETLIFY_BUILD_HOOK_URL', '');
  const response = await scheduledRebuild();
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('Scheduled rebuild skipped: NETLIFY_BUILD_HOOK_URL is not set.');
  expect(log).toHaveBeenCalledWith('[scheduled-rebuild] Scheduled rebuild skipped: NETLIFY_BUILD_HOOK_URL is not set.');
});

it('answers 500 with the reason when the build hook refuses', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await withHook(404, async (url, posts) => {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', url);
    const response = await scheduledRebuild();
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Build hook answered 404.');
    expect(posts).toHaveLength(1);
  });
});
