import type { Kysely } from 'kysely';

/**
 * What the admin set belongs to the admin (src/lib/admin/ownership.ts): a TMDB sync or re-import never overwrites it.
 * - tv_shows.admin_overrides and tv_show_episodes.admin_overrides: the row's fields the admin edited, each with
 *   TMDB's latest value for it, kept so that "Use TMDB's" hands the field back at once ({"name": "Winter Is Coming"}).
 * - tv_shows.deleted_episodes: TMDB's episodes the admin deleted, with TMDB's data of each, so that imports do not
 *   add them again and "Use TMDB's" brings one back.
 * Links and the publish state need no mark: TMDB has no such fields, so they are always the admin's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tv_shows')
    .addColumn('admin_overrides', 'jsonb', (c) => c.notNull().defaultTo('{}'))
    .addColumn('deleted_episodes', 'jsonb', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('tv_show_episodes').addColumn('admin_overrides', 'jsonb', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tv_show_episodes').dropColumn('admin_overrides').execute();
  await db.schema.alterTable('tv_shows').dropColumn('deleted_episodes').dropColumn('admin_overrides').execute();
}
