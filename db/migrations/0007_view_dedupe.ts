import { sql, type Kysely } from 'kysely';

/**
 * Server-side view de-duplication and view_events retention (analytics/events.ts):
 * - view_dedupe: what each client (its address) was already counted for today (UTC): the session event and each
 *   title. The primary key makes "insert, count only when inserted" race-free; earlier days are deleted.
 * - view_event_days: view_events older than a year rolled up per day, country and device, so the 'all' period
 *   stays correct while view_events itself stays bounded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('view_dedupe')
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull().defaultTo(sql`(now() AT TIME ZONE 'UTC')::date`))
    .addPrimaryKeyConstraint('view_dedupe_pkey', ['client_key', 'subject', 'day'])
    .execute();
  await db.schema.createIndex('view_dedupe_day_idx').on('view_dedupe').column('day').execute();

  await db.schema
    .createTable('view_event_days')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('view_event_days_pkey', ['day', 'country', 'device_type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('view_event_days').ifExists().execute();
  await db.schema.dropTable('view_dedupe').ifExists().execute();
}
