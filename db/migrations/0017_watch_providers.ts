import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { logChangesOf } from './0014_catalogue_changes.ts';

/**
 * Where to watch, in every region (issue 37), and each user's region and services.
 *
 * - `title_watch_providers`: TMDB's `watch/providers` answer, one row per title, region, kind and provider. A title is
 *   (content_type, title_id), title_id being movies.id or tv_shows.id; the generated movie_id / tv_show_id columns
 *   exist only to reference the title, so that its rows go with it like its other junctions. `platform_id` is TMDB's
 *   provider id, the platforms row with its name and logo; `display_priority` is TMDB's for that region.
 * - `title_watch_regions`: the regions TMDB answered for a title, each with its watch link (JustWatch's data).
 * - `user_preferences`: a user's watch region (null: the site's DEFAULT_REGION).
 * - `user_watch_services`: the providers a user pays for.
 */
const WATCH_TABLES = ['title_watch_providers', 'title_watch_regions'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await titleTable(db, 'title_watch_providers')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('flatrate', 'free', 'ads', 'rent', 'buy')`))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id').onDelete('cascade'))
    .addColumn('display_priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('title_watch_providers_pkey', ['content_type', 'title_id', 'region', 'kind', 'platform_id'])
    .execute();
  // "Titles on these services in this region" (the listings' filter) and "the services of a region".
  await db.schema.createIndex('title_watch_providers_region_platform_idx').on('title_watch_providers')
    .columns(['region', 'platform_id', 'content_type', 'title_id']).execute();

  await titleTable(db, 'title_watch_regions')
    .addColumn('link', 'text')
    .addPrimaryKeyConstraint('title_watch_regions_pkey', ['content_type', 'title_id', 'region'])
    .execute();
  await db.schema.createIndex('title_watch_regions_region_idx').on('title_watch_regions').column('region').execute();
  // The generated columns are looked up by the cascades of a title's deletion.
  for (const table of WATCH_TABLES) {
    await db.schema.createIndex(`${table}_movie_idx`).on(table).column('movie_id').where(sql.ref('movie_id'), 'is not', null).execute();
    await db.schema.createIndex(`${table}_tv_show_idx`).on(table).column('tv_show_id').where(sql.ref('tv_show_id'), 'is not', null).execute();
  }

  // Catalogue content, like movie_providers: a change bumps the catalogue version (0005_catalogue_version.ts).
  for (const table of WATCH_TABLES) {
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_catalogue_version`)}
      AFTER INSERT OR DELETE OR UPDATE ON ${sql.table(table)}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version()
    `.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_catalogue_version_truncate`)}
      AFTER TRUNCATE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()
    `.execute(db);
  }

  // And in the catalogue's change log (0014_catalogue_changes.ts): a title page shows its default region's offers.
  for (const table of WATCH_TABLES) await logChangesOf(db, table);

  await db.schema.createTable('user_preferences')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('watch_region', 'text', (c) => c.check(sql`watch_region ~ '^[A-Z]{2}$'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createTable('user_watch_services')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_watch_services_pkey', ['user_id', 'platform_id'])
    .execute();
  await db.schema.createIndex('user_watch_services_platform_idx').on('user_watch_services').column('platform_id').execute();
}

/** A table about one title in one region: its key columns, and the generated columns that reference the title. */
function titleTable(db: Kysely<any>, table: string): CreateTableBuilder<string, any> {
  return db.schema.createTable(table)
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type IN ('movie', 'tv')`))
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull().check(sql`region ~ '^[A-Z]{2}$'`))
    .addColumn('movie_id', 'integer', (c) => c.generatedAlwaysAs(sql`CASE WHEN content_type = 'movie' THEN title_id END`).stored()
      .references('movies.id').onDelete('cascade'))
    .addColumn('tv_show_id', 'integer', (c) => c.generatedAlwaysAs(sql`CASE WHEN content_type = 'tv' THEN title_id END`).stored()
      .references('tv_shows.id').onDelete('cascade'));
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['user_watch_services', 'user_preferences', 'title_watch_regions', 'title_watch_providers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
