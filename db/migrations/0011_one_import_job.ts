import { sql, type Kysely } from 'kysely';

/**
 * One bulk import at a time (src/lib/tmdb/import-jobs.ts): at most one job queued or running, held by the database so
 * that two starts at once cannot both win. Jobs left active beside the newest one are failed first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE import_jobs SET status = 'failed', error = 'Stopped: one import runs at a time.', finished_at = now(), updated_at = now()
    WHERE status IN ('queued', 'running') AND id <> (SELECT max(id) FROM import_jobs WHERE status IN ('queued', 'running'))
  `.execute(db);
  await sql`CREATE UNIQUE INDEX import_jobs_one_active ON import_jobs ((true)) WHERE status IN ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('import_jobs_one_active').ifExists().execute();
}
