/**
 * The newcomer's default: the whole `npm start` (the embedded database inside it, the web server its child) killed
 * with SIGKILL during a burst of writes, then started again: the data directory opens and every write answered
 * 2xx before the kill is there. Started again, it keeps the pages it had built, and publishes a change made by
 * another process within seconds.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { freePort } from '../support/ports.ts';
import { AUTH_SECRET, caseDir, reportRecovery, startProcess, waitUntil, type Running } from './support/harness.ts';
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
    const npmStart = async () => {
      const running = startProcess(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], env);
      await waitUntil('npm start to serve the site', async () => {
        if (running.child.exitCode !== null) throw new Error(`npm start exited:\n${running.output()}`);
        return fetch(`${origin}/api/requests`, { signal: AbortSignal.timeout(5_000) }).then((response) => response.ok, () => false);
      }, 600_000);
      return running;
    };

    start = await npmStart();
    db = await createDb({ kind: 'embedded', port: dbPort });
    const burst = await startWriteBurst(db, origin, 8);
    await waitUntil('acknowledged writes', () => burst.acknowledged.length >= 60);
    await start.kill();
    await burst.stop();
    await db.destroy();

    const restart = performance.now();
    start = await npmStart();
    reportRecovery('npm start serving again after the kill (including its build)', performance.now() - restart);
    db = await createDb({ kind: 'embedded', port: dbPort });
    expect(burst.acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(await missingWrites(db, burst.acknowledged)).toEqual([]);
    console.log(`[faults] npm start: ${burst.acknowledged.length} writes acknowledged before the kill, none lost`);
  });

  it('keeps the pages it built, and publishes a change another process makes within seconds', async () => {
    expect(start!.output()).toMatch(/Built in [\d.]+ s: 0 pages rendered, [1-9]\d* kept from the last run/);
    const newest = await db!.selectFrom('movies').select('id').where('is_published', '=', true)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const renamed = 'Renamed after npm start';
    await db!.updateTable('movies').set({ title: renamed, updated_at: sql`now()` }).where('id', '=', newest.id).execute();
    // Recently Added on the home page: a bound for a loaded machine, the target is 2 s (npm run bench).
    await waitUntil('the home page to show the change', async () => (await (await fetch(origin)).text()).includes(renamed), 15_000);
  });
});
