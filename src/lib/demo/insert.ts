/** Writes a built demo catalogue in multi-row batches inside one transaction. */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { DemoCatalogue } from './catalogue.ts';
import { type Row } from './context.ts';

/** Postgres allows 65535 bind parameters per statement; stay well below it. */
const MAX_PARAMETERS = 60_000;
const MAX_ROWS_PER_INSERT = 1000;

export function batchSize(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / Math.max(1, columns))));
}

/** Inserts rows in batches; every row must have the same columns. Conflicting rows are skipped when asked. */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  rows: readonly Row<T>[],
  options: { skipConflicts?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const size = batchSize(Object.keys(rows[0] as object).length);
  for (let start = 0; start < rows.length; start += size) {
    // Kysely cannot narrow a generic table name; the row type above keeps callers honest.
    let query = (db as Kysely<any>).insertInto(table).values(rows.slice(start, start + size) as never[]);
    if (options.skipConflicts) query = query.onConflict((oc) => oc.doNothing());
    await query.execute();
  }
}

/** Serial columns whose sequences must move past the explicit ids the seed inserted. */
const SERIAL_TABLES = ['movies', 'tv_shows', 'tv_show_episodes', 'requests'] as const;

export async function insertDemoCatalogue(db: Kysely<Database>, catalogue: DemoCatalogue): Promise<void> {
  const users = await Promise.all(
    catalogue.users.map(async ({ password, created_at, ...user }) => ({
      ...user,
      created_at: created_at,
      password_hash: await hashPassword(password),
    })),
  );
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'genres', catalogue.genres, { skipConflicts: true });
    await insertRows(trx, 'platforms', catalogue.platforms, { skipConflicts: true });
    await insertRows(trx, 'collections', catalogue.collections);
    await insertRows(trx, 'people', catalogue.people);
    await insertRows(trx, 'movies', catalogue.movies);
    await insertRows(trx, 'tv_shows', catalogue.tvShows);
    await insertRows(trx, 'tv_show_episodes', catalogue.episodes);
    await insertRows(trx, 'movie_genres', catalogue.movieGenres);
    await insertRows(trx, 'tv_show_genres', catalogue.tvShowGenres);
    await insertRows(trx, 'movie_providers', catalogue.movieProviders);
    await insertRows(trx, 'tv_show_providers', catalogue.tvShowProviders);
    await insertRows(trx, 'title_watch_providers', catalogue.titleWatchProviders);
    await insertRows(trx, 'title_watch_regions', catalogue.titleWatchRegions);
    await insertRows(trx, 'movie_credits', catalogue.movieCredits);
    await insertRows(trx, 'tv_show_credits', catalogue.tvShowCredits);
    await insertRows(trx, 'users', users);
    await insertRows(trx, 'requests', catalogue.requests);
    for (const table of SERIAL_TABLES) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(trx);
    }
  });
}
