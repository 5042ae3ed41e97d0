/** Who gets Wishlist alerts: a user turns them on and off on the profile, or off from any alert's link. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { InvalidInput } from '../http/errors.ts';
import { ALERTS_OFF, ALERTS_ON, UNSUBSCRIBE_LINK_INVALID, type AlertSettings } from './contract.ts';
import { userOfUnsubscribeToken } from './unsubscribe-token.ts';
import { recordAlreadyWatchable } from './watchable.ts';

type Db = Kysely<Database>;

export async function alertSettings(db: Db, userId: string): Promise<AlertSettings> {
  const row = await db.selectFrom('wishlist_alert_subscriptions').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return { wishlistAlerts: Boolean(row), message: row ? ALERTS_ON : ALERTS_OFF };
}

/**
 * Turns alerts on or off. Turning them on records what is watchable already, so the first mail is for a title that
 * becomes watchable from now on, not a flood for everything the Wishlist could already play.
 */
export async function setWishlistAlerts(db: Db, userId: string, on: boolean): Promise<AlertSettings> {
  if (!on) {
    await db.deleteFrom('wishlist_alert_subscriptions').where('user_id', '=', userId).execute();
    return alertSettings(db, userId);
  }
  await db.transaction().execute(async (trx) => {
    const added = await trx.insertInto('wishlist_alert_subscriptions').values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing()).returning('user_id').executeTakeFirst();
    if (added) await recordAlreadyWatchable(trx, userId);
  });
  return alertSettings(db, userId);
}

/** The unsubscribe link's action: alerts off for the token's user, whoever is signed in (or nobody). */
export async function unsubscribeWithToken(db: Db, secret: string, token: unknown): Promise<void> {
  const userId = typeof token === 'string' ? userOfUnsubscribeToken(secret, token) : null;
  if (!userId) throw new InvalidInput(UNSUBSCRIBE_LINK_INVALID);
  await db.deleteFrom('wishlist_alert_subscriptions').where('user_id', '=', userId).execute();
}
