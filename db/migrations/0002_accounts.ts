import { sql, type Kysely } from 'kysely';

/**
 * Users and everything they own. Lists, ratings and history point at a title by (content_type, tmdb id),
 * not by a foreign key: a title removed by an admin and imported again comes back with the user's data intact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TYPE content_type AS ENUM ('movie', 'tv')`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role IN ('user', 'admin')`))
    .addColumn('email_confirmed_at', 'timestamptz')
    // Bumped on password change or reset: session tokens carrying an older value are rejected.
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose IN ('confirm_email', 'reset_password')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

  await db.schema
    .createTable('user_list_items')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull().check(sql`list IN ('my_list', 'wishlist')`))
    .addColumn('content_type', sql`content_type`, (c) => c.notNull())
    .addColumn('content_tmdb_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_list_items_pkey', ['user_id', 'list', 'content_type', 'content_tmdb_id'])
    .execute();
  await db.schema.createIndex('user_list_items_order_idx').on('user_list_items').columns(['user_id', 'list', 'added_at']).execute();

  await db.schema
    .createTable('user_ratings')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', sql`content_type`, (c) => c.notNull())
    .addColumn('content_tmdb_id', 'integer', (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_ratings_pkey', ['user_id', 'content_type', 'content_tmdb_id'])
    .execute();
  await db.schema.createIndex('user_ratings_title_idx').on('user_ratings').columns(['content_type', 'content_tmdb_id']).execute();

  await db.schema
    .createTable('watch_history')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', sql`content_type`, (c) => c.notNull())
    .addColumn('content_tmdb_id', 'integer', (c) => c.notNull())
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('progress_percentage', 'numeric(5, 2)', (c) =>
      c.notNull().defaultTo(0).check(sql`progress_percentage BETWEEN 0 AND 100`),
    )
    .addColumn('position_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_watched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('watch_history_pkey', ['user_id', 'content_type', 'content_tmdb_id'])
    .execute();
  await db.schema.createIndex('watch_history_recent_idx').on('watch_history').columns(['user_id', 'last_watched_at']).execute();

  await db.schema
    .createTable('requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_email', 'text')
    .addColumn('message', 'text', (c) => c.notNull().check(sql`btrim(message, E' \t\r\n') <> ''`))
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX requests_public_recent_idx ON requests (created_at DESC) WHERE is_public`.execute(db);
  await sql`CREATE INDEX requests_recent_idx ON requests (created_at DESC)`.execute(db);

  await db.schema
    .createTable('view_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('content_type', sql`content_type`)
    .addColumn('content_tmdb_id', 'integer')
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('Unknown'))
    .addColumn('device_type', 'text', (c) => c.notNull().defaultTo('desktop'))
    .execute();
  await db.schema.createIndex('view_events_time_idx').on('view_events').column('occurred_at').execute();

  // Fixed-window counters for rate limits; kept in Postgres because serverless functions share no memory.
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rate_limits', 'view_events', 'requests', 'watch_history', 'user_ratings', 'user_list_items', 'auth_tokens', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP TYPE IF EXISTS content_type`.execute(db);
}
