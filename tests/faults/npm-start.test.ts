/**
 * The newcomer's default: the whole `npm start` (the embedded database inside it, the web server its child) killed
 * with SIGKILL during a burst of writes, then started again: the data directory opens and every write answered
 * 2xx before the kill is there. Started again, with local rebuilds, its first rebuild republishes the build it serves
 * in place: the page builder that built it stayed.
 */
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { freePort } from '../support/ports.ts';
import {
  AUTH_SECRET, caseDir, endedRebuild, renameNewestMovie, reportRecovery, requestRebuild, signedIn, startProcess, waitUntil, type Running,
} from './support/harness.ts';
import { missingWrites, startWriteBurst } from './support/writes.ts';

describe('npm start killed during a burst of writes', () => {
  let start: Running | undefined;
  let db: Kysely<Database> | undefined;
  const dir = caseDir('npm-start');
  let origin = '';

  afterAll(async () => {
    await db?.destroy();
    await start?.kill();
  });

  it('opens its data directory again with every acknowledged write', async () => {
    const dataDir = join(dir, 'pglite');
    // Seeded already, so `npm start` only builds (no demo seeding of 1,500 movies).
    cpSync(inject('faultsDataTemplate'), dataDir, { recursive: true });
    const [webPort, dbPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${webPort}`;
    const env = { HOST: '127.0.0.1', PORT: String(webPort), EMBEDDED_DB_PORT: String(dbPort), EMBEDDED_DB_DIR: dataDir,
      ASTRO_OUT_DIR: join(dir, 'dist'), SITE_URL: origin, AUTH_SECRET };
    const npmStart = async (rebuilds: 'off' | 'local') => {
      const running = startProcess(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { ...env, REBUILD_MODE: rebuilds === 'off' ? 'off' : '' });
      await waitUntil('npm start to serve the site', async () => {
        if (running.child.exitCode !== null) throw new Error(`npm start exited:\n${running.output()}`);
        return fetch(`${origin}/api/requests`, { signal: AbortSignal.timeout(5_000) }).then((response) => response.ok, () => false);
      }, 600_000);
      return running;
    };

    start = await npmStart('off');
    db = await createDb({ kind: 'embedded', port: dbPort });
    const burst = await startWriteBurst(db, origin, 8);
    await waitUntil('acknowledged writes', () => burst.acknowledged.length >= 60);
    await start.kill();
    await burst.stop();
    await db.destroy();

    const restart = performance.now();
    start = await npmStart('local');
    reportRecovery('npm start serving again after the kill (including its build)', performance.now() - restart);
    db = await createDb({ kind: 'embedded', port: dbPort });
    expect(burst.acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(await missingWrites(db, burst.acknowledged)).toEqual([]);
    console.log(`[faults] npm start: ${burst.acknowledged.length} writes acknowledged before the kill, none lost`);
  });

  it('republishes the build it serves in place, its first rebuild included', async () => {
    const admin = await signedIn(db!, 'admin');
    const renamed = 'Renamed after npm start';
    await renameNewestMovie(db!, renamed);
    await requestRebuild(origin, admin.cookie);
    expect(await endedRebuild(origin, admin.cookie, 300_000)).toMatchObject({ status: 'succeeded', error: null });
    expect(await (await fetch(origin)).text()).toContain(renamed);
    // No build folder beside the one npm start built: its page builder rewrote the changed pages where they are.
    expect(readdirSync(join(dir, 'dist', 'builds'))).toEqual(['0-initial']);
    expect(start!.output()).toMatch(/\[rebuild\] \d+ pages rendered, \d+ reused/);
  });
});
