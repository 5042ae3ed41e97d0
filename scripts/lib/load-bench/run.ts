/**
 * `npm run bench -- --load`: seeds a scaled catalogue, builds the site and serves it with the project's own Node
 * server (as `npm start` does), then drives it over loopback with autocannon, one scenario at a time, and prints
 * (and saves as JSON under .bench/) a table of throughput, latency percentiles and errors against the targets.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { peopleApiUrl } from '../../../src/lib/catalog/client/people-params.ts';
import { seedDemoCatalogue } from '../../../src/lib/demo/seed.ts';
import { Random } from '../../../src/lib/random.ts';
import { openBenchDatabase, type BenchDatabase } from '../bench-database.ts';
import { freePort } from '../ports.ts';
import { stopProcess } from '../processes.ts';
import { buildSite, serveSite, waitForSite } from '../site.ts';
import { measure, measureTogether } from './drive.ts';
import { gatherFixtures } from './fixtures.ts';
import { formatTable, type Measurement } from './report.ts';
import { loadScenarios } from './scenarios.ts';

export interface LoadBenchOptions {
  size: { movies: number; shows: number; people: number };
  connections: number;
  durationSeconds: number;
  /** Allows wiping a non-empty DATABASE_URL database. */
  reset: boolean;
}

async function step<T>(label: string, task: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await task();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

export async function runLoadBench(options: LoadBenchOptions): Promise<void> {
  mkdirSync('.bench', { recursive: true });
  const workDir = mkdtempSync(join('.bench', 'load-'));
  let opened: BenchDatabase | undefined;
  let server: ReturnType<typeof serveSite> | undefined;
  try {
    const database = (opened = await openBenchDatabase(workDir, { reset: options.reset }));
    const { size } = options;
    console.log(`Load benchmark on the ${database.engine} database: ${size.movies} movies, ${size.shows} shows, ${size.people} people; ` +
      `${options.connections} connections, ${options.durationSeconds} s per scenario.`);
    await step('seed', () => seedDemoCatalogue(database.db, size));

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const keys = { secret: randomBytes(33).toString('base64'), secure: false };
    const env = {
      ...database.env, ASTRO_OUT_DIR: join(workDir, 'dist'), SITE_URL: origin, AUTH_SECRET: keys.secret,
      HOST: '127.0.0.1', PORT: String(port), OUTBOX_DIR: join(workDir, 'outbox'),
    };
    await step('build (prerender every page)', () => buildSite(env));
    server = serveSite(env);
    await waitForSite(origin, server);

    const random = new Random('load-bench');
    const fixtures = await step('prepare scenarios', () => gatherFixtures(database.db, origin, keys, random));
    const { sequential, writeUnderSearch } = loadScenarios(fixtures, random, database.db);
    const settings = { origin, connections: options.connections, durationSeconds: options.durationSeconds, settlePath: peopleApiUrl('name', 1) };
    const rows: Measurement[] = [];
    for (const scenario of sequential) {
      const row = await measure(scenario, settings);
      console.log(`${scenario.name}: ${row.requestsPerSecond.toFixed(0)} req/s, p99 ${row.p99.toFixed(0)} ms`);
      rows.push(row);
    }
    rows.push(...(await measureTogether(writeUnderSearch, settings)));

    const table = formatTable(rows, database.engine);
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
    const file = join('.bench', `load-${database.engine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), machine, engine: database.engine, ...options, rows, table }, null, 2));
    console.log(`\n${database.engine} database, ${size.movies} movies / ${size.shows} shows / ${size.people} people, ` +
      `${options.connections} connections, ${options.durationSeconds} s each; ${machine}\n\n${table}\n\nSaved to ${file}`);
  } finally {
    if (server) await stopProcess(server);
    await opened?.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}
