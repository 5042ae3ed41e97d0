import { sql, type Kysely } from 'kysely';

/**
 * Snapshots of the in-memory catalogue (src/lib/read-model/catalogue-snapshot.ts):
 * - catalogue_version.catalogue_id, a random id per database: a Node process keeps snapshots in files per
 *   database, and version numbers alone repeat across databases (each starts at 1);
 * - catalogue_snapshot: where serverless instances, which share no disk, keep the snapshot, in parts (a row of
 *   tens of MB is slow to read through the pg driver); every part carries the snapshot's stamp.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_version')
    .addColumn('catalogue_id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .execute();
  await db.schema
    .createTable('catalogue_snapshot')
    .addColumn('part', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('written_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('data', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_snapshot').ifExists().execute();
  await db.schema.alterTable('catalogue_version').dropColumn('catalogue_id').execute();
}
