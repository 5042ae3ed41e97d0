import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import scheduledRebuild, { config } from '../../netlify/functions/scheduled-rebuild.ts';

afterEach(() => vi.unstubAllEnvs());

it('runs daily and POSTs the build hook', async () => {
  expect(config).toEqual({ schedule: '@daily' });
  const posts: string[] = [];
  const hook = createServer((request, response) => { posts.push(`${request.method} ${request.url}`); response.end(); });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  try {
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc`);
    const response = await scheduledRebuild();
    expect(response.status).toBe(200);
    expect(posts).toEqual(['POST /build_hooks/abc']);

    vi.stubEnv('REBUILD_SCHEDULE', 'off');
    await scheduledRebuild();
    expect(posts).toHaveLength(1);
  } finally {
    hook.close();
  }
});

it('answers 500 without a build hook', async () => {
  vi.stubEnv('NETLIFY_BUILD_HOOK_URL', '');
  const response = await scheduledRebuild();
  expect(response.status).toBe(500);
  expect(await response.text()).toBe('NETLIFY_BUILD_HOOK_URL is not set.');
});
