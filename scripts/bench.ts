/**
 * `npm run bench`: speed and memory targets, measured on a scaled demo catalogue in a throwaway embedded
 * database, served by a process of its own as under `npm start` (or in the empty PostgreSQL at DATABASE_URL). Prints
 * seed time, per-query latencies, a fresh process's first search (the in-memory catalogue's load) and that catalogue's
 * memory, then the site built and served as `npm start` does, and what each kind of change costs its publisher
 * (scripts/lib/publishing-bench.ts).
 * With --load, the load benchmark instead (scripts/lib/load-bench/run.ts): the built site under autocannon.
 * With --soak, the soak benchmark (scripts/lib/soak/run.ts): the built site under minutes of mixed traffic, its
 * memory every minute; exits 1 when a target is missed.
 *
 *   npm run bench -- [--movies 10000] [--shows 2000] [--people 30000] [--skip-build | --publishing]
 *   npm run bench -- --load [--movies 10000] [--shows 2000] [--people 30000] [--connections 50] [--duration 10] [--reset]
 *   npm run bench -- --soak [--minutes 10] [--speed 1] [--movies 1500] [--shows 250] [--people 4000] [--reset]
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { heroMovies, recentTitles } from '../src/lib/page-loaders/home.ts';
import { browseTitles } from '../src/lib/catalog/browse.ts';
import { loadMoviePages } from '../src/lib/page-loaders/movie-page.ts';
import { loadPersonPages } from '../src/lib/page-loaders/person-page.ts';
import { searchCatalogue } from '../src/lib/read-model/search.ts';
import { loadTvPages } from '../src/lib/page-loaders/tv-page.ts';
import { DEFAULT_DEMO_SIZE } from '../src/lib/demo/catalogue.ts';
import { seedDemoCatalogue } from '../src/lib/demo/seed.ts';
import { childEnv } from '../src/lib/settings.ts';
import { openBenchDatabase } from './lib/bench-database.ts';
import { measurePublishing } from './lib/publishing-bench.ts';

const { values } = parseArgs({
  options: {
    movies: { type: 'string' },
    shows: { type: 'string' },
    people: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    publishing: { type: 'boolean', default: false },
    load: { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    reset: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    minutes: { type: 'string' },
    speed: { type: 'string' },
  },
});

function scale(defaults: { movies: number; shows: number; people: number }) {
  return {
    movies: Number(values.movies ?? defaults.movies),
    shows: Number(values.shows ?? defaults.shows),
    people: Number(values.people ?? defaults.people),
  };
}

if (values.load) {
  const { runLoadBench } = await import('./lib/load-bench/run.ts');
  try {
    await runLoadBench({
      size: scale({ movies: 10_000, shows: 2_000, people: 30_000 }),
      connections: Number(values.connections),
      durationSeconds: Number(values.duration),
      reset: values.reset,
    });
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (values.soak) {
  const { runSoakBench } = await import('./lib/soak/run.ts');
  const { soakSettings } = await import('./lib/soak/report.ts');
  try {
    const met = await runSoakBench({
      size: scale(DEFAULT_DEMO_SIZE),
      settings: soakSettings(values),
      reset: values.reset,
    });
    process.exit(met ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** scripts/lib/cold-search.ts in a fresh Node process against the bench's database, keeping snapshots in `place`. */
async function coldSearch(databaseEnv: NodeJS.ProcessEnv, query: string, place: string) {
  const { stdout } = await promisify(execFile)(process.execPath,
    ['--expose-gc', '--import', 'tsx', join('scripts', 'lib', 'cold-search.ts'), query],
    { env: childEnv({ ...databaseEnv, CATALOGUE_SNAPSHOTS: place }) });
  return JSON.parse(stdout) as { firstSearchMs: number; firstSearchCpuMs: number; catalogueMb: number; rssGrowthMb: number; peakRssMb: number };
}

async function timed<T>(label: string, task: () => Promise<T>, repeat = 1): Promise<T> {
  let result!: T;
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    result = await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(`${label.padEnd(44)} ${median.toFixed(1).padStart(9)} ms${repeat > 1 ? ` (median of ${repeat})` : ''}`);
  return result;
}

/** Query latencies, and a fresh process's first search and the memory of its in-memory catalogue. */
async function measureQueries(db: Kysely<Database>, databaseEnv: NodeJS.ProcessEnv, workDir: string): Promise<void> {
  await timed('home: recently added movies', () => recentTitles(db, 'movie'), 20);
  await timed('home: hero', () => heroMovies(db), 20);
  const pages = await timed('movie pages: bulk load of every movie', () => loadMoviePages(db));
  await timed('movie page: one movie', () => loadMoviePages(db, [pages[0]!.tmdbId]), 20);
  await timed('TV pages: bulk load of every show', () => loadTvPages(db));
  await timed('person pages: bulk load of every person', () => loadPersonPages(db));
  await timed('browse: /movies top rated, page 50', () => browseTitles(db, { type: 'movie', sort: 'top-rated', page: 50 }), 20);
  await timed('browse: /tv-shows, genre and year filter', () => browseTitles(db, { type: 'tv', genreIds: [18], year: 2015, sort: 'just-added' }), 20);
  await timed('search: exact title', () => searchCatalogue(db, pages[0]!.title), 20);
  await timed('search: typo, no accents', () => searchCatalogue(db, pages[1]!.title.slice(0, -1).replace(/e/, 'é')), 20);
  // For each place a process keeps snapshots of the catalogue in (src/lib/read-model/catalogue-snapshot.ts): the first
  // fresh process finds none, loads the catalogue from the database and keeps one; the second reads that snapshot.
  const snapshotPlaces = [['file', join(workDir, 'catalogue-snapshots')], ['db', 'database']] as const;
  for (const [kind, place] of snapshotPlaces) {
    for (const source of ['database', `${kind} snapshot`]) {
      const cold = await coldSearch(databaseEnv, pages[2]!.title.slice(1), place);
      console.log(`${`search: first, fresh process (${source})`.padEnd(44)} ${cold.firstSearchMs.toFixed(1).padStart(9)} ms`
        + ` (CPU of that process ${cold.firstSearchCpuMs} ms)`);
      console.log(`${'in-memory catalogue (heap + buffers)'.padEnd(44)} ${String(cold.catalogueMb).padStart(9)} MB`
        + ` (RSS grew ${cold.rssGrowthMb} MB, peak RSS ${cold.peakRssMb} MB)`);
    }
  }
}

mkdirSync('.bench', { recursive: true });
const workDir = mkdtempSync(join('.bench', 'run-'));
// Not in this process: the publishing benchmark's visitor would share the database's event loop.
const database = await openBenchDatabase(workDir, { reset: false });
const { db } = database;
try {
  const size = scale({ movies: 10_000, shows: 2_000, people: 30_000 });
  console.log(`Catalogue: ${size.movies} movies, ${size.shows} shows, ${size.people} people`);
  await timed('seed', () => seedDemoCatalogue(db, size));
  if (!values.publishing) await measureQueries(db, database.env, workDir);
  if (!values['skip-build']) {
    await measurePublishing(db, resolve(workDir, 'dist'), { ...database.env, ASTRO_CACHE_DIR: join(workDir, 'cache') });
  }
} finally {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
}

