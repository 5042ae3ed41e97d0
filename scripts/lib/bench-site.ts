/**
 * What the load and soak benchmarks share: a throwaway work directory under .bench/, the bench database seeded with
 * a scaled demo catalogue, and the site built from it and served with the project's own Node server, as `npm start`
 * does. Everything started here is stopped, and the work directory removed, when the task ends.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionKeys } from '../../src/lib/accounts/session.ts';
import { seedDemoCatalogue } from '../../src/lib/demo/seed.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-database.ts';
import type { Engine } from './load-bench/report.ts';
import { freePort } from './ports.ts';
import { stopProcess } from './processes.ts';
import { BUILD_AND_START_TIMEOUT_MS, serveSite, waitForSite } from './site.ts';

export interface CatalogueSize { movies: number; shows: number; people: number }

export interface BenchSiteOptions {
  /** Names the work directory (.bench/<name>-XXXXXX). */
  name: string;
  size: CatalogueSize;
  /** Allows wiping a non-empty DATABASE_URL database. */
  reset: boolean;
  /** The line printed once the engine is known, before seeding. */
  announce(engine: Engine): string;
  /** Settings added to the build's and the server's environment. */
  env?(workDir: string): NodeJS.ProcessEnv;
}

export interface BenchSite {
  database: BenchDatabase;
  origin: string;
  /** The server's AUTH_SECRET, to mint session cookies it accepts. */
  keys: SessionKeys;
  server: ChildProcess;
  workDir: string;
}

/** Runs `task` and prints how long it took. */
export async function step<T>(label: string, task: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await task();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

export async function withBenchSite<T>(options: BenchSiteOptions, task: (site: BenchSite) => Promise<T>): Promise<T> {
  mkdirSync('.bench', { recursive: true });
  const workDir = mkdtempSync(join('.bench', `${options.name}-`));
  let database: BenchDatabase | undefined;
  let server: ChildProcess | undefined;
  try {
    database = await openBenchDatabase(workDir, { reset: options.reset });
    console.log(options.announce(database.engine));
    await step('seed', () => seedDemoCatalogue(database!.db, options.size));

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const keys = { secret: randomBytes(33).toString('base64'), secure: false };
    const env = {
      ...database.env, ASTRO_OUT_DIR: join(workDir, 'dist'), SITE_URL: origin, AUTH_SECRET: keys.secret,
      HOST: '127.0.0.1', PORT: String(port), OUTBOX_DIR: join(workDir, 'outbox'), ...options.env?.(workDir),
    };
    server = serveSite(env, { build: true });
    await step('build (prerender every page) and start, as npm start does', () => waitForSite(origin, server!, BUILD_AND_START_TIMEOUT_MS));
    return await task({ database, origin, keys, server, workDir });
  } finally {
    if (server) await stopProcess(server);
    await database?.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}
