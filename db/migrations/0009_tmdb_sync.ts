import { sql, type Kysely } from 'kysely';

/**
 * TMDB syncs: a job that reads TMDB's change lists (movie, then tv, then person) for the window [since, until] and
 * refreshes the titles and people we have that changed. Run and resumed like the bulk import jobs (0006):
 * `list` and `current_page` say where it is, stored after every page together with what it changed so far.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tmdb_syncs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger IN ('schedule', 'admin', 'cli')`))
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull().defaultTo('movie').check(sql`list IN ('movie', 'tv', 'person')`))
    .addColumn('current_page', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"movies":0,"shows":0,"episodes":0,"people":0,"recent":[]}'::jsonb`))
    .addColumn('skipped', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status IN ('queued', 'running', 'done', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // One live sync at a time: a second start finds this taken.
  await sql`CREATE UNIQUE INDEX tmdb_syncs_one_live ON tmdb_syncs ((true)) WHERE status IN ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tmdb_syncs').ifExists().execute();
}
