/**
 * Wishlist alerts: a user who turned them on gets one e-mail when a title of their Wishlist becomes watchable for
 * them (`watchableForUser`): watchable here, or arriving on one of their services in their region.
 * Detection is one plain, idempotent query, "watchable now and not yet notified" (`queueWishlistAlerts`), that any
 * writer of the catalogue may run after its writes; the mail goes through the mail queue (accounts/mail-queue.ts).
 * A title that was already watchable when it joined the Wishlist, or when the user turned alerts on, is recorded
 * as such (`recordAlreadyWatchable`), so only a change to watchable is ever mailed, and each title at most once.
 *
 * The user's own change of region or services is not a title arriving: the title page's marks tell them already
 * what their new services carry, so `recordNowOnTheirServices` records those titles, unmailed. Only a change of the
 * providers (the TMDB import or sync, a restore) that brings a title onto a service they have is mailed.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { TitleRef } from '../personal/contract.ts';
import { onUserServices } from '../watch/user-services.ts';

type Db = Kysely<Database>;

/**
 * Whether the title of a row `alias` (its content_type and content_tmdb_id) is watchable here: published, and a
 * movie with a stream link or a show with an episode that has one. The one place this is said.
 */
function watchableHere(alias: string): RawBuilder<boolean> {
  const type = sql.ref(`${alias}.content_type`);
  const tmdbId = sql.ref(`${alias}.content_tmdb_id`);
  return sql<boolean>`(
    (${type} = 'movie' AND EXISTS (SELECT 1 FROM movies WHERE movies.tmdb_id = ${tmdbId} AND movies.is_published
      AND coalesce(movies.stream_url, '') <> ''))
    OR (${type} = 'tv' AND EXISTS (SELECT 1 FROM tv_shows JOIN tv_show_episodes ON tv_show_episodes.tv_show_id = tv_shows.id
      WHERE tv_shows.tmdb_id = ${tmdbId} AND tv_shows.is_published AND coalesce(tv_show_episodes.stream_url, '') <> ''))
  )`;
}

/**
 * Whether the title of a row `alias` (its content_type and content_tmdb_id) is published here and offered on one of
 * the services of the row's user (its user_id) in their region, by the rule of "Only on my services".
 */
function publishedOnTheirServices(alias: string): RawBuilder<boolean> {
  const type = sql.ref(`${alias}.content_type`);
  const tmdbId = sql.ref(`${alias}.content_tmdb_id`);
  const userId = sql.ref(`${alias}.user_id`);
  return sql<boolean>`(
    (${type} = 'movie' AND EXISTS (SELECT 1 FROM movies WHERE movies.tmdb_id = ${tmdbId} AND movies.is_published
      AND ${onUserServices(userId, { type: 'movie', id: sql.ref('movies.id') })}))
    OR (${type} = 'tv' AND EXISTS (SELECT 1 FROM tv_shows WHERE tv_shows.tmdb_id = ${tmdbId} AND tv_shows.is_published
      AND ${onUserServices(userId, { type: 'tv', id: sql.ref('tv_shows.id') })}))
  )`;
}

/** Whether the title of a row `alias` is watchable for the row's user: watchable here, or on one of their services. */
export function watchableForUser(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${watchableHere(alias)} OR ${publishedOnTheirServices(alias)})`;
}

/**
 * Queues an alert for every Wishlist title of a subscribed user that is watchable now and was never notified, and
 * records it as notified, in one statement: run twice, or by two writers at once, it queues each alert once.
 * Returns how many it queued.
 */
export async function queueWishlistAlerts(db: Db): Promise<number> {
  const result = await sql`
    WITH due AS (
      INSERT INTO wishlist_alerts (user_id, content_type, content_tmdb_id, mailed)
      SELECT items.user_id, items.content_type, items.content_tmdb_id, true
      FROM user_list_items items JOIN wishlist_alert_subscriptions subscriptions ON subscriptions.user_id = items.user_id
      WHERE items.list = 'wishlist' AND ${watchableForUser('items')}
      ON CONFLICT DO NOTHING
      RETURNING user_id, content_type, content_tmdb_id
    )
    INSERT INTO account_mail_jobs (kind, email, user_id, content_type, content_tmdb_id)
    SELECT 'wishlist_alert', users.email, due.user_id, due.content_type, due.content_tmdb_id FROM due JOIN users ON users.id = due.user_id
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Records the user's Wishlist titles (those of `refs`, or all) that are watchable for them already, so that they are
 * never announced as becoming so. Run where titles join the Wishlist and where alerts are turned on.
 */
export async function recordAlreadyWatchable(db: Db, userId: string, refs?: readonly TitleRef[]): Promise<void> {
  await recordWatchable(db, userId, watchableForUser('items'), refs);
}

/**
 * Records the user's Wishlist titles now on their services, unmailed: run in the transaction that changes their region
 * or services (see the top of this file). A title only watchable here is left to detection: it may be due already.
 */
export async function recordNowOnTheirServices(db: Db, userId: string): Promise<void> {
  await recordWatchable(db, userId, publishedOnTheirServices('items'));
}

async function recordWatchable(db: Db, userId: string, watchable: RawBuilder<boolean>, refs?: readonly TitleRef[]): Promise<void> {
  if (refs && !refs.length) return;
  await db.insertInto('wishlist_alerts').columns(['user_id', 'content_type', 'content_tmdb_id', 'mailed'])
    .expression(db.selectFrom('user_list_items as items')
      .select(['items.user_id', 'items.content_type', 'items.content_tmdb_id', sql<boolean>`false`.as('mailed')])
      .where('items.user_id', '=', userId).where('items.list', '=', 'wishlist').where(watchable)
      .$if(refs !== undefined, (query) => query.where((eb) => eb.or(refs!.map((ref) =>
        eb.and([eb('items.content_type', '=', ref.type), eb('items.content_tmdb_id', '=', ref.tmdbId)]))))))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
