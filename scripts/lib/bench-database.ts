/**
 * The database a benchmark seeds and serves from. The embedded default is a throwaway PGlite in the bench's work
 * directory, run by `scripts/db-server.ts` in its own process (as under `npm start`) so the load generator does not
 * share its event loop. With DATABASE_URL the benchmark uses that PostgreSQL, and wipes it only when asked.
 */
import type { Kysely } from 'kysely';
import { join } from 'node:path';
import { createDb } from '../../db/connect.ts';
import { isPortOpen } from '../../db/embedded-server.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import type { Engine } from './load-bench/report.ts';
import { isDatabaseEmpty, resetDatabase } from '../../src/lib/demo/seed.ts';
import { freePort } from './ports.ts';
import { keepRunning, stopProcess } from './processes.ts';
import { databaseEnv } from '../../src/lib/settings.ts';

export interface BenchDatabase {
  engine: Engine;
  db: Kysely<Database>;
  /** What the site's build and server need to reach the same database. */
  env: NodeJS.ProcessEnv;
  /** The embedded database server's process id (for its memory); none for PostgreSQL. */
  pid?: number;
  close(): Promise<void>;
}

export const NOT_EMPTY_MESSAGE =
  'The database at DATABASE_URL is not empty (it has movies or users). Run with --reset to wipe it and seed the benchmark catalogue.';

/** Opens a migrated, empty database for the benchmark catalogue. */
export async function openBenchDatabase(workDir: string, options: { reset: boolean }): Promise<BenchDatabase> {
  const url = databaseEnv().DATABASE_URL;
  if (url) {
    const db = await createDb({ kind: 'postgres', url });
    try {
      await migrateToLatest(db);
      if (options.reset) await resetDatabase(db);
      else if (!(await isDatabaseEmpty(db))) throw new Error(NOT_EMPTY_MESSAGE);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { engine: 'postgres', db, env: {}, close: () => db.destroy() };
  }

  const port = await freePort();
  const env = { EMBEDDED_DB_PORT: String(port), EMBEDDED_DB_DIR: join(workDir, 'pglite') };
  const server = keepRunning(process.execPath, ['--import', 'tsx', 'scripts/db-server.ts'], env);
  // PGlite compiles its WebAssembly and creates the cluster first: minutes on a busy machine.
  const deadline = Date.now() + 300_000;
  while (!(await isPortOpen(port))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stopProcess(server);
      throw new Error('The embedded database server did not start.');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const db = await createDb({ kind: 'embedded', port });
  await migrateToLatest(db);
  return {
    engine: 'embedded',
    db,
    env,
    pid: server.pid,
    async close() {
      await db.destroy();
      await stopProcess(server);
    },
  };
}
