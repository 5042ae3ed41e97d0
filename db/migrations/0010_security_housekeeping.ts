import type { Kysely } from 'kysely';

/**
 * Security, third pass:
 * - rate_limits_window_idx: the housekeeping job (src/lib/housekeeping/) drops idle buckets by their window in
 *   bounded batches, which without an index would scan the table each time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rate_limits_window_idx').ifExists().execute();
}
