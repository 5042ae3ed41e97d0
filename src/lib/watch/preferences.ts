/**
 * A signed-in user's watch region and services (user_preferences, user_watch_services). Services are platform ids;
 * one that is not a platform is refused, and the whole change with it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { InvalidInput } from '../http/errors.ts';
import type { WatchPreferences } from './contract.ts';

type Db = Kysely<Database>;

export async function watchPreferences(db: Db, userId: string, defaultRegion: string): Promise<WatchPreferences> {
  const [preferences, services] = await Promise.all([
    db.selectFrom('user_preferences').select('watch_region').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_watch_services').select('platform_id').where('user_id', '=', userId).orderBy('platform_id').execute(),
  ]);
  return { region: preferences?.watch_region ?? defaultRegion, services: services.map((row) => row.platform_id) };
}

/**
 * Saves what is given (a region, services or both) in one transaction, or nothing when a service is unknown.
 * `alsoInTransaction` runs last in it (the Wishlist alerts record what the change put on the user's services).
 */
export async function saveWatchPreferences(db: Db, userId: string, change: { region?: string; services?: number[] },
  alsoInTransaction?: (trx: Db) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (change.services !== undefined) {
      const services = [...new Set(change.services)];
      if (services.length) {
        const known = await trx.selectFrom('platforms').select('id').where('id', 'in', services).execute();
        const unknown = services.find((id) => !known.some((row) => row.id === id));
        if (unknown !== undefined) throw new InvalidInput(`Unknown service: ${unknown}.`);
      }
      await trx.deleteFrom('user_watch_services').where('user_id', '=', userId).execute();
      if (services.length) await trx.insertInto('user_watch_services').values(services.map((platform_id) => ({ user_id: userId, platform_id }))).execute();
    }
    if (change.region !== undefined) {
      await trx.insertInto('user_preferences').values({ user_id: userId, watch_region: change.region, updated_at: new Date() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ watch_region: change.region, updated_at: new Date() })).execute();
    }
    await alsoInTransaction?.(trx);
  });
}
