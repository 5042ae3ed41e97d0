/**
 * Real processes for the fault tier: a database (the embedded PGlite server in its own process, or a throwaway
 * PostgreSQL server) that can be made to go away and come back, and the built site served by scripts/serve.ts
 * that can be killed for real (SIGKILL, with everything it started, as a container stop or the OOM killer does).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createDb } from '../../../db/connect.ts';
import { isPortOpen } from '../../../db/embedded-server.ts';
import type { Database } from '../../../db/schema.ts';
import { serverArgs } from '../../../scripts/lib/site.ts';
import { childEnv } from '../../../src/lib/settings.ts';
import { freePort } from '../../support/ports.ts';
import { startPostgresServer, type PostgresServer } from '../../support/postgres-server.ts';
import { createTestUser, sessionCookieHeader } from '../../support/sessions.ts';
import { seedFaultsCatalogue } from './catalogue.ts';
import type {} from './provided-context.ts';

export type Engine = 'embedded' | 'postgres';
/** The engines the fault cases run on: the embedded database (PGlite) and PostgreSQL. */
export const ENGINES: readonly Engine[] = ['embedded', 'postgres'];
export const AUTH_SECRET = 'faults-tier-secret-0123456789abcdef';

/** A fresh directory for one case inside the run's work dir. */
export const caseDir = (name: string) => mkdtempSync(join(inject('faultsWorkDir'), `${name}-`));

export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reports a recovery time in the test output (asserted only with generous bounds). */
export function reportRecovery(what: string, ms: number): void {
  console.log(`[faults] ${what}: ${(ms / 1000).toFixed(2)} s`);
}

/** `pid` and every process it started, and theirs (found through /proc), parents first. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent pid is the 2nd field after the parenthesised command name.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const all: number[] = [];
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.shift()!;
    all.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return all;
}

/** SIGKILL to `pid` and every process it started, children first seen, all at once. */
export function killTree(pid: number): void {
  for (const target of processTree(pid)) {
    try { process.kill(target, 'SIGKILL'); } catch { /* already gone */ }
  }
}

/** The niceness of each thread of the process `pid`, its main thread first: the 17th field after the parenthesised command name. */
export function nicenessesOf(pid: number): number[] {
  const threads = [pid, ...readdirSync(`/proc/${pid}/task`).map(Number).filter((thread) => thread !== pid)];
  return threads.flatMap((thread) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // the thread has ended
    }
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** A child process whose output is kept (for assertions on what it logged). */
export interface Running {
  child: ChildProcess;
  output(): string;
  kill(): Promise<void>;
}

export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, options: { detached?: boolean } = {}): Running {
  const child = spawn(command, args, { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached });
  let output = '';
  const keep = (chunk: Buffer) => { output += chunk.toString(); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return {
    child,
    output: () => output,
    async kill() {
      // Once it has exited its pid may be someone else's.
      if (child.exitCode !== null || child.signalCode !== null) return;
      killTree(child.pid!);
      await exited(child);
    },
  };
}

export interface FaultDatabase {
  engine: Engine;
  /** What the site's server needs to reach this database. */
  env: NodeJS.ProcessEnv;
  /** The test's own connection, to check what was stored. */
  db: Kysely<Database>;
  /** The database goes away: the embedded server is killed (SIGKILL), PostgreSQL is shut down. */
  goAway(): Promise<void>;
  /** Resolves once the database accepts connections again. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

/** A database holding the tier's seeded catalogue, on its own port. */
export async function startDatabase(engine: Engine, dir: string): Promise<FaultDatabase> {
  return engine === 'embedded' ? startEmbedded(dir) : startPostgres();
}

async function startEmbedded(dir: string): Promise<FaultDatabase> {
  const dataDir = join(dir, 'pglite');
  cpSync(inject('faultsDataTemplate'), dataDir, { recursive: true });
  const port = await freePort();
  const env = { EMBEDDED_DB_PORT: String(port), EMBEDDED_DB_DIR: dataDir };
  let server: Running;
  const start = async () => {
    server = startProcess(process.execPath, ['--import', 'tsx', 'scripts/db-server.ts'], env);
    // PGlite compiles its WebAssembly first: slow on a busy machine.
    await waitUntil('the embedded database server', async () => {
      if (server.child.exitCode !== null) throw new Error(`The embedded database server exited:\n${server.output()}`);
      return isPortOpen(port);
    });
  };
  await start();
  const db = await createDb({ kind: 'embedded', port });
  return {
    engine: 'embedded', env, db,
    goAway: () => server.kill(),
    comeBack: start,
    async close() {
      await db.destroy();
      await server.kill();
    },
  };
}

async function startPostgres(): Promise<FaultDatabase> {
  const server: PostgresServer | null = await startPostgresServer();
  if (!server) throw new Error('No PostgreSQL server binaries (initdb, pg_ctl, postgres): install the Debian package postgresql or set PG_BINDIR.');
  const db = await createDb({ kind: 'postgres', url: server.url });
  await seedFaultsCatalogue(db);
  return {
    engine: 'postgres', env: { DATABASE_URL: server.url }, db,
    goAway: async () => server.shutDown(),
    comeBack: async () => server.startAgain(),
    async close() {
      await db.destroy();
      await server.stop();
    },
  };
}

export interface Site extends Running {
  origin: string;
}

/**
 * The site served by scripts/serve.ts from the shared build (or the build in `outDir`), against `database`; the
 * TMDB, rebuild and mail settings come from `env`. With `build`, as npm start serves it: the server builds into
 * `outDir` first (keeping what its journal there vouches for) and publishes every change. Resolves once it answers.
 */
export async function startSite(database: FaultDatabase, env: NodeJS.ProcessEnv = {}, outDir = join(inject('faultsWorkDir'), 'dist'),
  options: { build?: boolean } = {}): Promise<Site> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const site = startProcess(process.execPath, serverArgs(join(outDir, 'server', 'entry.mjs'), options), {
    REBUILD_MODE: 'off', AUTH_SECRET, HOST: '127.0.0.1', PORT: String(port), ASTRO_OUT_DIR: outDir, ...database.env, ...env,
  });
  await waitUntil(`the site at ${origin}`, async () => {
    if (site.child.exitCode !== null) throw new Error(`The site exited:\n${site.output()}`);
    try {
      await (await fetch(origin, { signal: AbortSignal.timeout(5_000) })).arrayBuffer();
      return true;
    } catch {
      return false;
    }
  }, options.build ? 600_000 : 120_000);
  return { ...site, origin };
}

/** One engine's run of a fault case: its own database, and the sites the test starts on it. */
export interface FaultCase {
  readonly engine: Engine;
  /** The case's database holding the seeded catalogue, started before the tests. */
  readonly database: FaultDatabase;
  /** `startSite` on the case's database; a site still running after the tests is killed then. */
  startSite(env?: NodeJS.ProcessEnv, outDir?: string, options?: { build?: boolean }): Promise<Site>;
}

/**
 * The engine loop of the fault cases: one describe block per engine (`title` names it with %s), each with its own
 * database (in a case dir named after `name` and the engine), closed after the tests with the sites left running.
 */
export function describeEachEngine(title: string, name: string, body: (fault: FaultCase) => void): void {
  describe.each([...ENGINES])(title, (engine) => {
    let database: FaultDatabase | undefined;
    const sites: Site[] = [];
    beforeAll(async () => {
      database = await startDatabase(engine, caseDir(`${name}-${engine}`));
    });
    afterAll(async () => {
      for (const site of sites) await site.kill();
      await database?.close();
    });
    const fault: FaultCase = {
      engine,
      get database() {
        if (!database) throw new Error('The case database starts in beforeAll: use it from hooks and tests.');
        return database;
      },
      startSite: async (env, outDir, options) => {
        const site = await startSite(fault.database, env, outDir, options);
        sites.push(site);
        return site;
      },
    };
    body(fault);
  });
}

/** A signed-in user's `Cookie` header value (a real session cookie the site accepts). */
export async function signedIn(db: Kysely<Database>, role: 'user' | 'admin' = 'user'): Promise<{ id: string; cookie: string }> {
  const user = await createTestUser(db, { role });
  return { id: user.id, cookie: await sessionCookieHeader(db, user.id, { secret: AUTH_SECRET, secure: false }) };
}

/** A same-origin JSON request as the site's own pages send it. */
export function jsonRequest(origin: string, method: string, body: unknown, cookie: string): RequestInit {
  return {
    method, body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
    signal: AbortSignal.timeout(30_000),
  };
}
