/**
 * A user's services in their region (preferences.ts) against a title's offers (providers.ts, `offeredOnServices`):
 * what the title page's "on my services" marks show them, as SQL for queries over many users (the Wishlist alerts)
 * and as the list of services for one title.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { defaultRegion } from '../settings.ts';
import type { WatchProvider } from './client/offers.ts';
import { watchPreferences } from './preferences.ts';
import { byName, offeredOnServices, provider, type SqlPart } from './providers.ts';

/**
 * The title (its content type and id, values or SQL) is on one of the services of the user whose id is `userId` (a
 * column), in the user's region: theirs, or the site's default when they picked none (as `watchPreferences` reads it).
 */
export function onUserServices(userId: Expression<unknown>, title: { type: SqlPart; id: SqlPart }): RawBuilder<SqlBool> {
  const region = sql<string>`coalesce((SELECT p.watch_region FROM user_preferences AS p WHERE p.user_id = ${userId}), ${defaultRegion()})`;
  return offeredOnServices(title, region, sql`SELECT s.platform_id FROM user_watch_services AS s WHERE s.user_id = ${userId}`);
}

/** The user's region, and their services that offer the title there (by name; none when it is on none of them). */
export async function userServicesOffering(db: Kysely<Database>, userId: string, title: { type: ContentType; tmdbId: number }):
  Promise<{ region: string; services: WatchProvider[] }> {
  const { region, services } = await watchPreferences(db, userId, defaultRegion());
  if (!services.length) return { region, services: [] };
  const rows = await db.selectFrom('platforms').select(['platforms.id as platform_id', 'platforms.name', 'platforms.logo_path'])
    .where('platforms.id', 'in', services)
    .where((eb) => eb.exists(eb.selectFrom(titleKind(title.type).titles).select('titles.id').where('titles.tmdb_id', '=', title.tmdbId)
      .where(offeredOnServices({ type: title.type, id: sql.ref('titles.id') }, region, sql.ref('platforms.id')))))
    .execute();
  return { region, services: byName(rows.map(provider)) };
}
