import { sql, type Kysely } from 'kysely';

/**
 * Bulk imports as jobs: the admin starts one, a worker (the Node server in-process, or a Netlify background
 * function) imports it page by page and stores its progress after each page, and the admin panel polls it.
 * `current_page` is the page being (or next to be) imported, so a job whose worker died resumes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('movie', 'tv')`))
    .addColumn('start_page', 'integer', (c) => c.notNull())
    .addColumn('end_page', 'integer', (c) => c.notNull())
    .addColumn('current_page', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status IN ('queued', 'running', 'done', 'failed')`))
    .addColumn('error', 'text')
    // Bumped by each worker that claims the job; a worker whose claim was taken over stops writing.
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Touched after every page: a running job not touched for a while lost its worker.
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_jobs').ifExists().execute();
}
