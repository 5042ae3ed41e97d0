import { sql, type Kysely } from 'kysely';

/**
 * A number that changes whenever the public catalogue changes (admin edits, imports, publishing, restore, seed),
 * so each server process can keep an in-memory read model of the catalogue and reload it only when it changed.
 *
 * The triggers are deferred to commit time and bump at most once per transaction: the version row is then locked
 * only for the instant before commit (no lock-order deadlock between concurrent imports), and a 10,000-row seed
 * costs one update. A movie's view_count is not catalogue content: counting a view does not bump.
 */
const CATALOGUE_TABLES = [
  'movies', 'tv_shows', 'people', 'genres', 'platforms',
  'movie_genres', 'tv_show_genres', 'movie_providers', 'tv_show_providers', 'movie_credits', 'tv_show_credits',
] as const;

/** Every column of movies and tv_shows but view_count (which the view counter updates on page loads). */
const TITLE_COLUMNS = ['id', 'tmdb_id', 'overview', 'tagline', 'poster_path', 'backdrop_path', 'vote_average', 'vote_count',
  'origin_country', 'screenshots', 'trailer_key', 'is_published', 'created_at', 'updated_at', 'popularity'];
const UPDATED_COLUMNS: Partial<Record<(typeof CATALOGUE_TABLES)[number], string[]>> = {
  movies: [...TITLE_COLUMNS, 'title', 'release_date', 'runtime', 'budget', 'revenue', 'production_companies', 'stream_url',
    'download_url', 'collection_id', 'recommended_tmdb_ids'],
  tv_shows: [...TITLE_COLUMNS, 'name', 'first_air_date', 'number_of_seasons'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('singleton', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`singleton`))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.insertInto('catalogue_version').defaultValues().execute();

  await sql`
    CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A transaction-local marker: the first changed row of a transaction bumps, the others return at once.
      IF current_setting('cinecat.catalogue_bumped', true) IS DISTINCT FROM 'yes' THEN
        UPDATE catalogue_version SET version = version + 1, changed_at = now();
        PERFORM set_config('cinecat.catalogue_bumped', 'yes', true);
      END IF;
      RETURN NULL;
    END $$
  `.execute(db);

  for (const table of CATALOGUE_TABLES) {
    const columns = UPDATED_COLUMNS[table];
    const update = columns ? sql.raw(`UPDATE OF ${columns.join(', ')}`) : sql.raw('UPDATE');
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_catalogue_version`)}
      AFTER INSERT OR DELETE OR ${update} ON ${sql.table(table)}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version()
    `.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_catalogue_version_truncate`)}
      AFTER TRUNCATE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CATALOGUE_TABLES) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_catalogue_version`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_catalogue_version_truncate`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS bump_catalogue_version()`.execute(db);
  await db.schema.dropTable('catalogue_version').ifExists().execute();
}
