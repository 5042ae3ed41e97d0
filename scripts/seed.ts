/**
 * Fills the database with the deterministic demo catalogue.
 *
 *   npx tsx scripts/seed.ts [--movies N] [--shows N] [--people N] [--seed N] [--reset] [--demo-accounts]
 *
 * Refuses to touch a database that already has movies or users unless --reset is given, which drops and
 * re-creates the schema first. Uses the configured database (DATABASE_URL, or the embedded PGlite server).
 * The demo accounts (README passwords) are added to the embedded database only, or with --demo-accounts.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_DEMO_SIZE } from '../src/lib/demo/catalogue.ts';
import { isDatabaseEmpty, resetDatabase, seedDemoCatalogue } from '../src/lib/demo/seed.ts';
import { openScriptDatabase } from './lib/database.ts';

const DEMO_WARNING = 'the demo accounts (README passwords) were added to a non-embedded database. Anyone can sign in as admin '
  + 'until you change their passwords or delete them; never do this in production.';

const USAGE = 'Usage: npx tsx scripts/seed.ts [--movies N] [--shows N] [--people N] [--seed N] [--reset] [--demo-accounts]';

function parseCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 1_000_000) throw new Error(`--${name} must be a whole number up to 1000000 (got "${value}").\n${USAGE}`);
  return Number(value);
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        movies: { type: 'string' }, shows: { type: 'string' }, people: { type: 'string' }, seed: { type: 'string' },
        reset: { type: 'boolean', default: false }, 'demo-accounts': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  let options;
  try {
    options = {
      movies: parseCount(args.movies, 'movies', DEFAULT_DEMO_SIZE.movies),
      shows: parseCount(args.shows, 'shows', DEFAULT_DEMO_SIZE.shows),
      people: parseCount(args.people, 'people', DEFAULT_DEMO_SIZE.people),
      seed: parseCount(args.seed, 'seed', DEFAULT_DEMO_SIZE.seed),
    };
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }

  const started = performance.now();
  const database = await openScriptDatabase();
  try {
    if (args.reset) {
      await resetDatabase(database.db);
    } else if (!(await isDatabaseEmpty(database.db))) {
      console.error('The database is not empty (it has movies or users). Run with --reset to wipe it and seed again.');
      return 1;
    }
    const accounts = database.embedded || args['demo-accounts'];
    const s = await seedDemoCatalogue(database.db, { ...options, accounts });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded demo catalogue (seed ${s.seed}): ${s.movies} movies, ${s.collections} collections, ${s.shows} shows, ` +
        `${s.seasons} seasons, ${s.episodes} episodes, ${s.people} people, ${s.credits} credits, ${s.genres} genres, ` +
        `${s.platforms} platforms, ${s.requests} requests, ${s.users} users in ${seconds}s (build and insert ${s.seconds}s).`,
    );
    if (!accounts) console.log('No accounts were created: make your admin with `npm run create-admin -- you@example.com`.');
    else if (!database.embedded) console.warn(`WARNING: ${DEMO_WARNING}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
