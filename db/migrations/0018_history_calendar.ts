import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, parts 2 and 3:
 * - calendar_feeds: each user's private iCal feed. Only a SHA-256 of its secret token is kept (like auth_tokens), so a
 *   leaked database gives no feed away; renewing replaces the hash, and the old URL stops at once.
 * - wishlist_alert_subscriptions: the users who turned Wishlist alerts on (a row is the opt-in).
 * - wishlist_alerts: one row per user and title once its alert was mailed, or once the title was found already
 *   watchable when it joined the Wishlist (mailed = false): at most one mail per title and user, ever.
 * - account_mail_jobs takes a third kind, wishlist_alert, which names its user and title (the mail queue sends it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('wishlist_alert_subscriptions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('subscribed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('wishlist_alerts')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', sql`content_type`, (c) => c.notNull())
    .addColumn('content_tmdb_id', 'integer', (c) => c.notNull())
    .addColumn('mailed', 'boolean', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wishlist_alerts_pkey', ['user_id', 'content_type', 'content_tmdb_id'])
    .execute();

  await sql`ALTER TABLE account_mail_jobs DROP CONSTRAINT account_mail_jobs_kind_check`.execute(db);
  await db.schema.alterTable('account_mail_jobs')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('content_type', sql`content_type`)
    .addColumn('content_tmdb_id', 'integer')
    .execute();
  await db.schema.alterTable('account_mail_jobs')
    .addCheckConstraint('account_mail_jobs_kind_check', sql`kind IN ('sign_up', 'password_reset', 'wishlist_alert')`)
    .execute();
  // An alert names its user and title; account mail names neither.
  await db.schema.alterTable('account_mail_jobs')
    .addCheckConstraint('account_mail_jobs_alert_title_check',
      sql`(kind = 'wishlist_alert') = (user_id IS NOT NULL AND content_type IS NOT NULL AND content_tmdb_id IS NOT NULL)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('account_mail_jobs').where('kind', '=', 'wishlist_alert').execute();
  await db.schema.alterTable('account_mail_jobs').dropConstraint('account_mail_jobs_alert_title_check').execute();
  await db.schema.alterTable('account_mail_jobs').dropConstraint('account_mail_jobs_kind_check').execute();
  await db.schema.alterTable('account_mail_jobs').dropColumn('user_id').dropColumn('content_type').dropColumn('content_tmdb_id').execute();
  await db.schema.alterTable('account_mail_jobs')
    .addCheckConstraint('account_mail_jobs_kind_check', sql`kind IN ('sign_up', 'password_reset')`)
    .execute();
  for (const table of ['wishlist_alerts', 'wishlist_alert_subscriptions', 'calendar_feeds']) await db.schema.dropTable(table).ifExists().execute();
}
