import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../support/engines.ts';
import { claimQueued, finishRebuild, getRebuildStatus, rebuildMode, requestRebuild, setRebuildRunner } from '../../src/lib/rebuild/index.ts';

describeEachEngine('site rebuild requests', (getDb) => {
  afterEach(() => { setRebuildRunner(null); vi.unstubAllEnvs(); });

  it('coalesces requests while one is queued, and reports the status through its life', async () => {
    const db = getDb();
    expect((await getRebuildStatus(db)).status).toBe('idle');
    let kicks = 0;
    setRebuildRunner(async () => { kicks++; });

    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => requestRebuild(db, `import page ${i}`)));
    expect(results.filter((result) => !result.coalesced)).toHaveLength(1);
    expect(kicks).toBe(5);
    const queued = await getRebuildStatus(db);
    expect(queued).toMatchObject({ status: 'queued', requestCount: 5, startedAt: null, lastFinishedAt: null });
    expect(await db.selectFrom('rebuild_requests').select('id').execute()).toHaveLength(1);

    const id = await claimQueued(db);
    expect(id).not.toBeNull();
    expect(await claimQueued(db)).toBeNull();
    expect((await getRebuildStatus(db)).status).toBe('running');

    // A request during the build queues exactly one more.
    await requestRebuild(db, 'publish');
    await requestRebuild(db, 'delete');
    expect(await db.selectFrom('rebuild_requests').select('status').orderBy('id').execute())
      .toEqual([{ status: 'running' }, { status: 'queued' }]);

    await finishRebuild(db, id!);
    const second = await claimQueued(db);
    await finishRebuild(db, second!, new Error('astro build exited with 1'));
    const done = await getRebuildStatus(db);
    expect(done).toMatchObject({ status: 'failed', error: 'astro build exited with 1', requestCount: 2 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.lastFinishedAt).not.toBeNull();
  });

  it('a failing runner never fails the request', async () => {
    const db = getDb();
    setRebuildRunner(async () => { throw new Error('boom'); });
    await expect(requestRebuild(db, 'x')).resolves.toBeDefined();
  });

  it('on Netlify: POSTs the build hook once, and requests just after it join that build', async () => {
    const db = getDb();
    await db.deleteFrom('rebuild_requests').execute();
    const posts: string[] = [];
    const hook = createServer((request, response) => { posts.push(request.method!); response.end('ok'); });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      vi.stubEnv('NETLIFY_BUILD_HOOK_URL', `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`);
      await requestRebuild(db, 'import page 1');
      await expect.poll(async () => (await getRebuildStatus(db)).status).toBe('succeeded');
      expect(posts).toEqual(['POST']);
      expect((await getRebuildStatus(db)).mode).toBe('hook');

      const joined = await requestRebuild(db, 'import page 2');
      expect(joined).toMatchObject({ coalesced: true });
      await joined.started; // whatever the request started has settled: no second POST can come from it
      expect(posts).toEqual(['POST']);
      expect(await db.selectFrom('rebuild_requests').select('request_count').execute()).toEqual([{ request_count: 2 }]);
    } finally {
      hook.close();
    }
  });

  it('a local rebuild logs a change that names every page, and succeeds once the Node publishers have read it', async () => {
    const db = getDb();
    await db.deleteFrom('rebuild_requests').execute();
    vi.stubEnv('REBUILD_MODE', '');
    try {
      expect(rebuildMode()).toBe('local');
      await (await requestRebuild(db, 'requested from the dashboard')).started;
      expect(await db.selectFrom('catalogue_changes').select(['table_name', 'op']).where('op', '=', 'T').execute()).toEqual([{ table_name: '', op: 'T' }]);
      expect((await getRebuildStatus(db)).status).toBe('succeeded');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

