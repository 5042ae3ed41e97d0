/**
 * The database engines every integration suite runs against, each with a fresh database per suite:
 *
 * - `pglite`:   an in-process, in-memory PGlite (PostgreSQL 18 in WebAssembly); always available.
 * - `postgres`: `pg` against the real PostgreSQL server of the global setup; a new database per suite.
 * - `neon`:     Neon's serverless driver against that same server through the ws->tcp proxy.
 *
 * Usage:
 *   describeEachEngine('catalogue reads', (getDb, engine) => {
 *     it('lists movies', async () => { const db = getDb(); ... });
 *   }, { seed: async (db) => { ... } });
 *
 * Set TEST_ENGINES=pglite,postgres (comma list) to run only some engines.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createDb, type DatabaseSettings } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import { openPGliteFromTemplate } from './pglite-template.ts';
import type {} from './provided-context.ts';

export type EngineName = 'pglite' | 'postgres' | 'neon';
export const ENGINE_NAMES: readonly EngineName[] = ['pglite', 'postgres', 'neon'];

export interface TestDatabase {
  engine: EngineName;
  db: Kysely<Database>;
  /**
   * Settings that reach this database, e.g. for a second pool (postgres, neon) or to set DATABASE_URL for code under
   * test. For pglite it is just `{ kind: 'pglite' }`: the database is in memory and only `db` reaches it.
   */
  settings: DatabaseSettings;
  /** Closes the connections and drops the database. */
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Apply db/migrations first (default true). */
  migrate?: boolean;
  /** Fills the database after migrating; runs once per engine in beforeAll. */
  seed?: (db: Kysely<Database>) => Promise<void>;
}

/** Why an engine cannot run in this process, or null when it can. */
export function engineUnavailableReason(engine: EngineName): string | null {
  const only = process.env.TEST_ENGINES?.split(',').map((name) => name.trim()).filter(Boolean);
  if (only?.length && !only.includes(engine)) return 'not in TEST_ENGINES';
  if (engine === 'pglite') return null;
  if (!inject('postgresUrl')) return 'no PostgreSQL server binaries';
  if (engine === 'neon' && !inject('neonWsProxy')) return 'no ws proxy';
  return null;
}

/** The engines available in this run, in a stable order. */
export function availableEngines(): EngineName[] {
  return ENGINE_NAMES.filter((engine) => engineUnavailableReason(engine) === null);
}

/** Creates (and by default migrates) a new, empty database on the engine. */
export async function createTestDatabase(engine: EngineName, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const reason = engineUnavailableReason(engine);
  if (reason) throw new Error(`engine ${engine} is not available: ${reason}`);

  let settings: DatabaseSettings = { kind: 'pglite' };
  let drop = async () => {};
  if (engine !== 'pglite') {
    const adminUrl = inject('postgresUrl')!;
    const name = uniqueDatabaseName();
    await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = withDatabase(adminUrl, name);
    settings = engine === 'neon' ? { kind: 'neon', url, wsProxy: inject('neonWsProxy')! } : { kind: 'postgres', url };
    drop = () => dropDatabase(adminUrl, name);
  }
  // PGlite: a copy of the global setup's empty template is the same as a new instance, only faster.
  const template = engine === 'pglite' ? inject('pgliteTemplate') : null;
  const open = () => (template ? openPGliteFromTemplate(template) : createDb(settings));

  let db: Kysely<Database> | undefined;
  const destroy = async () => {
    await db?.destroy();
    await drop();
  };
  try {
    db = await open();
    if (options.migrate ?? true) await migrateToLatest(db);
    await options.seed?.(db);
  } catch (error) {
    await destroy().catch(() => {});
    throw error;
  }
  return { engine, db, settings, destroy };
}

/**
 * Runs the block once per engine, as `${title} [engine]`, each with its own fresh database (created, migrated and
 * seeded in beforeAll, dropped in afterAll). Unavailable engines show up as skipped suites with the reason.
 */
export function describeEachEngine(
  title: string,
  body: (getDb: () => Kysely<Database>, engine: EngineName) => void,
  options: TestDatabaseOptions = {},
): void {
  for (const engine of ENGINE_NAMES) {
    const reason = engineUnavailableReason(engine);
    if (reason) {
      describe.skip(`${title} [${engine}: ${reason}]`, () => body(() => unavailable(engine), engine));
      continue;
    }
    describe(`${title} [${engine}]`, () => {
      let testDb: TestDatabase | undefined;
      beforeAll(async () => {
        testDb = await createTestDatabase(engine, options);
      });
      afterAll(async () => {
        await testDb?.destroy();
        testDb = undefined;
      });
      body(() => {
        if (!testDb) throw new Error('getDb() is only usable inside tests and hooks, after beforeAll');
        return testDb.db;
      }, engine);
    });
  }
}

function unavailable(engine: EngineName): never {
  throw new Error(`engine ${engine} is not available`);
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops the database once its connections are gone. Pool.end() (and so db.destroy()) resolves before the server has
 * seen every client's Terminate; dropping WITH (FORCE) at once would kill those backends, and the FATAL they send
 * surfaces as an unhandled 'error' from a client the pool no longer listens to. So wait a little, then force
 * (PostgreSQL 13+) whatever a failed suite left open.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, async (client) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** Lower-case and safe to interpolate: only [a-z0-9_]. Includes the pid to be traceable to a worker. */
function uniqueDatabaseName(): string {
  return `test_${process.pid}_${randomBytes(6).toString('hex')}`;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
