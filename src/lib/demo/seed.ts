/**
 * The demo catalogue in the database: seed an empty database, check for emptiness, or reset everything.
 * Used by `npm run seed` (scripts/seed.ts) and by tests that need a populated database.
 */
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../../db/migrate.ts';
import type { Database } from '../../../db/schema.ts';
import { buildDemoCatalogue, DEFAULT_DEMO_SIZE, type DemoOptions } from './catalogue.ts';
import { insertDemoCatalogue } from './insert.ts';
import { defaultRegion } from '../settings.ts';

export interface SeedSummary {
  seed: number;
  movies: number;
  shows: number;
  seasons: number;
  episodes: number;
  people: number;
  credits: number;
  collections: number;
  platforms: number;
  genres: number;
  requests: number;
  users: number;
  /** Wall-clock seconds for building and inserting. */
  seconds: number;
}

/** True when the catalogue has no movies and there are no users (nothing a seed would clobber). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const movie = await db.selectFrom('movies').select('id').limit(1).executeTakeFirst();
  if (movie) return false;
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !user;
}

/**
 * Builds the deterministic demo catalogue and inserts it in one transaction. The database must be migrated
 * and empty (see isDatabaseEmpty / resetDatabase); throws otherwise, leaving it untouched.
 */
export async function seedDemoCatalogue(db: Kysely<Database>, options: DemoOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('The database already has movies or users; reset it before seeding the demo catalogue.');
  }
  const catalogue = buildDemoCatalogue({ region: defaultRegion(), ...options });
  await insertDemoCatalogue(db, catalogue);
  const seasons = new Set(catalogue.episodes.filter((e) => e.season_number > 0).map((e) => `${e.tv_show_id}:${e.season_number}`));
  return {
    seed: options.seed ?? DEFAULT_DEMO_SIZE.seed,
    movies: catalogue.movies.length,
    shows: catalogue.tvShows.length,
    seasons: seasons.size,
    episodes: catalogue.episodes.length,
    people: catalogue.people.length,
    credits: catalogue.movieCredits.length + catalogue.tvShowCredits.length,
    collections: catalogue.collections.length,
    platforms: catalogue.platforms.length,
    genres: catalogue.genres.length,
    requests: catalogue.requests.length,
    users: catalogue.users.length,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
}

/**
 * Drops everything our migrations create in the current schema (tables including Kysely's migration
 * bookkeeping, views, sequences, enum types and functions, but not extensions or their objects), then
 * migrates again unless `migrate: false`. Afterwards the database is empty and ready for seedDemoCatalogue.
 */
export async function resetDatabase(db: Kysely<any>, options: { migrate?: boolean } = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const notExtensionMember = sql`NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`;
    const relations = await sql<{ name: string; kind: string }>`
      SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND ${notExtensionMember}
    `.execute(trx);
    const byKind = (kinds: string[]) => relations.rows.filter((r) => kinds.includes(r.kind)).map((r) => sql.table(r.name));
    for (const [keyword, kinds] of [['VIEW', ['v']], ['MATERIALIZED VIEW', ['m']], ['TABLE', ['r', 'p']], ['SEQUENCE', ['S']]] as const) {
      const names = byKind([...kinds]);
      if (names.length) await sql`DROP ${sql.raw(keyword)} IF EXISTS ${sql.join(names)} CASCADE`.execute(trx);
    }
    const types = await sql<{ name: string }>`
      SELECT c.typname AS name FROM pg_type c JOIN pg_namespace n ON n.oid = c.typnamespace
      WHERE n.nspname = current_schema() AND c.typtype IN ('e', 'd') AND ${notExtensionMember}
    `.execute(trx);
    for (const { name } of types.rows) await sql`DROP TYPE IF EXISTS ${sql.table(name)} CASCADE`.execute(trx);
    const routines = await sql<{ signature: string }>`
      SELECT c.oid::regprocedure::text AS signature FROM pg_proc c JOIN pg_namespace n ON n.oid = c.pronamespace
      WHERE n.nspname = current_schema() AND ${notExtensionMember}
    `.execute(trx);
    for (const { signature } of routines.rows) await sql`DROP ROUTINE IF EXISTS ${sql.raw(signature)} CASCADE`.execute(trx);
  });
  if (options.migrate !== false) await migrateToLatest(db);
}
