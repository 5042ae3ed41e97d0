import { sql, type Kysely } from 'kysely';

/**
 * A random id per database, beside its catalogue version: a process keeps snapshots of the in-memory catalogue on
 * disk (src/lib/catalog/catalogue-snapshot.ts), and version numbers alone repeat across databases (each starts at 1).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_version')
    .addColumn('catalogue_id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_version').dropColumn('catalogue_id').execute();
}
