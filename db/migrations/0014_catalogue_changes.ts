import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's change log: every row a writer adds, changes or removes in a catalogue table (the admin panel, a
 * restore, the CLI import, the TMDB sync, plain SQL from any process) is logged by statement-level triggers in the
 * writer's own transaction, so publishing (src/lib/publishing/) can tell which pages show what changed.
 *
 * - `txid` is the writer's transaction: a reader takes everything committed between two of its snapshots
 *   (pg_visible_in_snapshot), which, unlike ids, cannot skip a transaction that commits out of order.
 * - `keys` holds the row's identifying and routing columns (new values; old ones for a delete), `old_keys` the old
 *   values for an update, `columns` the columns an update changed. Updates that change nothing a page shows (a view
 *   counted) log nothing: traffic never reaches the log.
 * - A link row (genre, provider, credit) that is updated is logged as its old and its new keys.
 * - op: I(nsert), U(pdate), D(elete), T(runcate); S rows are markers a writer adds to learn when a consumer caught up.
 *
 * publishing_consumers records, per reader of the log, the snapshot it has consumed up to, the last marker it read, and
 * the last marker whose changes it has also finished publishing (settled).
 *
 * cdn_purges holds the CDN tags a reader found changed and has yet to purge (src/lib/publishing/cdn-purge.ts): due
 * now, and once more a moment later (`again`) for a page rendered from the old rows while the first purge ran.
 * cdn_purge_log keeps the last seconds of purges: Netlify accepts two purges of a tag per 5 s.
 */
export const ENTITY_KEYS: Record<string, string[]> = {
  movies: ['id', 'tmdb_id', 'is_published', 'collection_id'],
  tv_shows: ['id', 'tmdb_id', 'is_published'],
  people: ['id'],
  genres: ['id'],
  platforms: ['id'],
  collections: ['id'],
  tv_show_episodes: ['id', 'tv_show_id'],
};
const LINK_TABLES = ['movie_genres', 'tv_show_genres', 'movie_providers', 'tv_show_providers', 'movie_credits', 'tv_show_credits'];
/** Columns whose change alone is not news to any page: a view counted. */
const UNSHOWN_COLUMNS = ['view_count'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_changes (
      id bigserial PRIMARY KEY,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      changed_at timestamptz NOT NULL DEFAULT now(),
      table_name text NOT NULL,
      op text NOT NULL CHECK (op IN ('I', 'U', 'D', 'T', 'S')),
      keys jsonb,
      old_keys jsonb,
      columns text[]
    )`.execute(db);
  await sql`CREATE INDEX catalogue_changes_txid_idx ON catalogue_changes (txid)`.execute(db);
  await sql`CREATE INDEX catalogue_changes_changed_at_idx ON catalogue_changes (changed_at)`.execute(db);
  await sql`
    CREATE TABLE publishing_consumers (
      name text PRIMARY KEY,
      snapshot text NOT NULL,
      last_marker bigint NOT NULL DEFAULT 0,
      settled_marker bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE cdn_purges (
      tag text PRIMARY KEY,
      due_at timestamptz NOT NULL DEFAULT now(),
      again boolean NOT NULL DEFAULT true
    )`.execute(db);
  await sql`CREATE INDEX cdn_purges_due_idx ON cdn_purges (due_at)`.execute(db);
  await sql`CREATE TABLE cdn_purge_log (tag text NOT NULL, purged_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`CREATE INDEX cdn_purge_log_tag_idx ON cdn_purge_log (tag, purged_at)`.execute(db);

  // TG_ARGV[0]: the key columns, TG_ARGV[1]: columns whose change alone logs nothing.
  await sql`
    CREATE FUNCTION log_entity_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      key_columns text[] := TG_ARGV[0]::text[];
      unshown text[] := TG_ARGV[1]::text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO catalogue_changes (table_name, op, keys)
          SELECT TG_TABLE_NAME, 'I', (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(to_jsonb(n)) e WHERE e.key = ANY (key_columns))
          FROM new_rows n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO catalogue_changes (table_name, op, keys)
          SELECT TG_TABLE_NAME, 'D', (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(to_jsonb(o)) e WHERE e.key = ANY (key_columns))
          FROM old_rows o;
      ELSE
        INSERT INTO catalogue_changes (table_name, op, keys, old_keys, columns)
          SELECT TG_TABLE_NAME, 'U',
            (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(to_jsonb(n)) e WHERE e.key = ANY (key_columns)),
            (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(to_jsonb(o)) e WHERE e.key = ANY (key_columns)),
            changed.columns
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          CROSS JOIN LATERAL (
            SELECT array_agg(e.key ORDER BY e.key) AS columns FROM jsonb_each(to_jsonb(n)) e
            WHERE e.value IS DISTINCT FROM to_jsonb(o) -> e.key AND e.key <> ALL (unshown)
          ) changed
          WHERE changed.columns IS NOT NULL;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION log_link_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO catalogue_changes (table_name, op, keys) SELECT TG_TABLE_NAME, 'I', to_jsonb(n) FROM new_rows n;
      END IF;
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        INSERT INTO catalogue_changes (table_name, op, keys) SELECT TG_TABLE_NAME, 'D', to_jsonb(o) FROM old_rows o;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION log_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO catalogue_changes (table_name, op) VALUES (TG_TABLE_NAME, 'T');
      RETURN NULL;
    END $$`.execute(db);

  for (const table of [...Object.keys(ENTITY_KEYS), ...LINK_TABLES]) await logChangesOf(db, table);
}

/**
 * Logs every change to `table`: an entity's with its key columns (ENTITY_KEYS unless given), any other table's rows
 * whole (a link table's).
 */
export async function logChangesOf(db: Kysely<any>, table: string, keys: string[] | undefined = ENTITY_KEYS[table]): Promise<void> {
  const fn = keys ? sql.raw(`log_entity_changes('{${keys.join(',')}}', '{${UNSHOWN_COLUMNS.join(',')}}')`) : sql.raw('log_link_changes()');
  const name = (what: string) => sql.raw(`${table}_log_${what}`);
  await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${sql.table(table)} REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`.execute(db);
  await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${sql.table(table)} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`.execute(db);
  await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${sql.table(table)} REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`.execute(db);
  await sql`CREATE TRIGGER ${name('truncate')} AFTER TRUNCATE ON ${sql.table(table)}
    FOR EACH STATEMENT EXECUTE FUNCTION log_truncate()`.execute(db);
}

export async function stopLoggingChangesOf(db: Kysely<any>, table: string): Promise<void> {
  for (const what of ['insert', 'update', 'delete', 'truncate']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_log_${what}`)} ON ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...Object.keys(ENTITY_KEYS), ...LINK_TABLES]) await stopLoggingChangesOf(db, table);
  await sql`DROP FUNCTION IF EXISTS log_entity_changes()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS log_link_changes()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS log_truncate()`.execute(db);
  await sql`DROP TABLE IF EXISTS cdn_purge_log`.execute(db);
  await sql`DROP TABLE IF EXISTS cdn_purges`.execute(db);
  await sql`DROP TABLE IF EXISTS publishing_consumers`.execute(db);
  await sql`DROP TABLE IF EXISTS catalogue_changes`.execute(db);
}
