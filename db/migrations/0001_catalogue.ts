import { sql, type Kysely } from 'kysely';

/**
 * The public catalogue: titles, episodes, genres, people, credits, platforms and collections.
 * Titles are keyed by a surrogate id; TMDB ids are unique per kind (a movie and a show may share one).
 * Rows that only describe a title (junctions, credits, episodes) cascade with it; a collection that goes away
 * leaves its movies in place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  // unaccent() is only STABLE; indexes need an IMMUTABLE wrapper that pins the dictionary.
  await sql`
    CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$
  `.execute(db);

  await db.schema
    .createTable('genres')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('overview', 'text')
    .addColumn('poster_path', 'text')
    .addColumn('backdrop_path', 'text')
    .execute();

  await db.schema
    .createTable('platforms')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_path', 'text')
    .addColumn('display_priority', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();

  await db.schema
    .createTable('people')
    .addColumn('id', 'integer', (c) => c.primaryKey()) // the TMDB person id
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('profile_path', 'text')
    .addColumn('popularity', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('birthday', 'date')
    .addColumn('deathday', 'date')
    .addColumn('place_of_birth', 'text')
    .addColumn('known_for_department', 'text')
    .addColumn('biography', 'text')
    .addColumn('twitter_id', 'text')
    .addColumn('instagram_id', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('movies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tmdb_id', 'integer', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('overview', 'text')
    .addColumn('tagline', 'text')
    .addColumn('poster_path', 'text')
    .addColumn('backdrop_path', 'text')
    .addColumn('vote_average', 'numeric(3, 1)')
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('release_date', 'date')
    .addColumn('runtime', 'integer')
    .addColumn('origin_country', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('budget', 'bigint')
    .addColumn('revenue', 'bigint')
    .addColumn('production_companies', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('screenshots', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('stream_url', 'text')
    .addColumn('download_url', 'text')
    .addColumn('trailer_key', 'text')
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('collection_id', 'integer', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('recommended_tmdb_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('popularity', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('tv_shows')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tmdb_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('overview', 'text')
    .addColumn('tagline', 'text')
    .addColumn('poster_path', 'text')
    .addColumn('backdrop_path', 'text')
    .addColumn('vote_average', 'numeric(3, 1)')
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_air_date', 'date')
    .addColumn('origin_country', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('number_of_seasons', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('screenshots', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('trailer_key', 'text')
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('tv_show_episodes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tv_show_id', 'integer', (c) => c.notNull().references('tv_shows.id').onDelete('cascade'))
    .addColumn('season_number', 'integer', (c) => c.notNull().check(sql`season_number >= 0`))
    .addColumn('episode_number', 'integer', (c) => c.notNull().check(sql`episode_number >= 0`))
    .addColumn('tmdb_id', 'integer')
    .addColumn('name', 'text')
    .addColumn('overview', 'text')
    .addColumn('still_path', 'text')
    .addColumn('air_date', 'date')
    .addColumn('runtime', 'integer')
    .addColumn('stream_url', 'text')
    .addColumn('download_url', 'text')
    .addUniqueConstraint('tv_show_episodes_show_season_episode_key', ['tv_show_id', 'season_number', 'episode_number'])
    .execute();

  for (const [table, owner, ownerTable] of [
    ['movie_genres', 'movie_id', 'movies'],
    ['tv_show_genres', 'tv_show_id', 'tv_shows'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn('genre_id', 'integer', (c) => c.notNull().references('genres.id').onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pkey`, [owner, 'genre_id'])
      .execute();
    await db.schema.createIndex(`${table}_genre_idx`).on(table).columns(['genre_id', owner]).execute();
  }

  for (const [table, owner, ownerTable] of [
    ['movie_providers', 'movie_id', 'movies'],
    ['tv_show_providers', 'tv_show_id', 'tv_shows'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id').onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pkey`, [owner, 'platform_id'])
      .execute();
    await db.schema.createIndex(`${table}_platform_idx`).on(table).columns(['platform_id', owner]).execute();
  }

  for (const [table, owner, ownerTable] of [
    ['movie_credits', 'movie_id', 'movies'],
    ['tv_show_credits', 'tv_show_id', 'tv_shows'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id').onDelete('cascade'))
      .addColumn('credit_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('character_name', 'text')
      .addPrimaryKeyConstraint(`${table}_pkey`, [owner, 'person_id'])
      .execute();
    await db.schema.createIndex(`${table}_person_idx`).on(table).column('person_id').execute();
  }

  // Reads of spec section 7: published lists by recency, release date and rating; hero rows with a backdrop.
  for (const [table, dateColumn] of [
    ['movies', 'release_date'],
    ['tv_shows', 'first_air_date'],
  ] as const) {
    await sql`CREATE INDEX ${sql.raw(`${table}_published_created_idx`)} ON ${sql.table(table)} (created_at DESC) WHERE is_published`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_published_date_idx`)} ON ${sql.table(table)} (${sql.ref(dateColumn)} DESC NULLS LAST) WHERE is_published`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_published_rating_idx`)} ON ${sql.table(table)} (vote_average DESC NULLS LAST) WHERE is_published`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_published_popularity_idx`)} ON ${sql.table(table)} (popularity DESC) WHERE is_published`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_admin_created_idx`)} ON ${sql.table(table)} (created_at DESC)`.execute(db);
  }
  await db.schema.createIndex('movies_collection_idx').on('movies').column('collection_id').execute();

  // Search: trigram on accent-folded names for typo tolerance and "contains", full text for words.
  await sql`CREATE INDEX movies_title_trgm_idx ON movies USING gin (search_text(title) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX tv_shows_name_trgm_idx ON tv_shows USING gin (search_text(name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX people_name_trgm_idx ON people USING gin (search_text(name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX movies_fts_idx ON movies USING gin (to_tsvector('simple', search_text(title)))`.execute(db);
  await sql`CREATE INDEX tv_shows_fts_idx ON tv_shows USING gin (to_tsvector('simple', search_text(name)))`.execute(db);
  await sql`CREATE INDEX people_fts_idx ON people USING gin (to_tsvector('simple', search_text(name)))`.execute(db);
  await sql`CREATE INDEX people_popularity_idx ON people (popularity DESC)`.execute(db);
  await sql`CREATE INDEX people_name_idx ON people (name)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'movie_credits', 'tv_show_credits', 'movie_providers', 'tv_show_providers', 'movie_genres', 'tv_show_genres',
    'tv_show_episodes', 'movies', 'tv_shows', 'people', 'platforms', 'collections', 'genres',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP FUNCTION IF EXISTS search_text(text)`.execute(db);
}
