import type { Kysely } from 'kysely';

/**
 * catalogue_snapshot.encoding names how a stored snapshot is encoded (src/lib/read-model/catalogue-snapshot.ts): a
 * snapshot of another encoding, though taken at the current stamp, is neither read nor kept in place of a new one.
 * The rows from before this column get '' and are replaced by the next write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_snapshot').addColumn('encoding', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_snapshot').dropColumn('encoding').execute();
}
