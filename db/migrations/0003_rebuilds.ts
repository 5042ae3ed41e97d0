import { sql, type Kysely } from 'kysely';

/**
 * Requests to rebuild the static site after admin changes. One row per build actually started (or queued):
 * further requests while one is queued are coalesced into it, so a bulk import triggers one build.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rebuild_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status IN ('queued', 'running', 'succeeded', 'failed')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    // How many requests were coalesced into this one.
    .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  // At most one queued request at a time: concurrent requests coalesce on this index instead of racing.
  await sql`CREATE UNIQUE INDEX rebuild_requests_one_queued ON rebuild_requests (status) WHERE status = 'queued'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rebuild_requests').ifExists().execute();
}
