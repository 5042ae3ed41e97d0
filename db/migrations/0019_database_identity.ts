import { sql, type Kysely } from 'kysely';

/**
 * database_identity names this database with a random id, made once. The Node publisher's journal
 * (src/lib/publishing/publish-journal.ts) records it with each checkpoint: a cursor of one database's change log means
 * nothing in another's (their transaction ids are unrelated), so pages kept against another database are rendered
 * again. It is not backed up: a restore into another database leaves that database's id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE database_identity (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      only_row boolean NOT NULL DEFAULT true UNIQUE CHECK (only_row)
    )`.execute(db);
  await sql`INSERT INTO database_identity DEFAULT VALUES`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('database_identity').execute();
}
