/**
 * `npm run bench -- --load`: seeds a scaled catalogue, builds the site and serves it with the project's own Node
 * server (as `npm start` does), then drives it over loopback with autocannon, one scenario at a time, and prints
 * (and saves as JSON under .bench/) a table of throughput, latency percentiles and errors against the targets.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { catalogRoutes } from '../../../src/lib/catalog/routes.ts';
import { urlOf } from '../../../src/lib/http/route.ts';
import { Random } from '../../../src/lib/random.ts';
import { step, withBenchSite, type CatalogueSize } from '../bench-site.ts';
import { measure, measureTogether } from './drive.ts';
import { gatherFixtures } from './fixtures.ts';
import { formatTable, type Measurement } from './report.ts';
import { loadScenarios } from './scenarios.ts';

export interface LoadBenchOptions {
  size: CatalogueSize;
  connections: number;
  durationSeconds: number;
  /** Allows wiping a non-empty DATABASE_URL database. */
  reset: boolean;
}

export async function runLoadBench(options: LoadBenchOptions): Promise<void> {
  const { size } = options;
  await withBenchSite({
    name: 'load',
    size,
    reset: options.reset,
    announce: (engine) => `Load benchmark on the ${engine} database: ${size.movies} movies, ${size.shows} shows, ${size.people} people; ` +
      `${options.connections} connections, ${options.durationSeconds} s per scenario.`,
  }, async ({ database, origin, keys }) => {
    const random = new Random('load-bench');
    const fixtures = await step('prepare scenarios', () => gatherFixtures(database.db, origin, keys, random));
    const { sequential, writeUnderSearch } = loadScenarios(fixtures, random, database.db);
    const settlePath = urlOf(catalogRoutes.people, { query: { sort: 'name', page: 1 } });
    const settings = { origin, connections: options.connections, durationSeconds: options.durationSeconds, settlePath };
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
  });
}
