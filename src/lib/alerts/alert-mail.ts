/**
 * The Wishlist alert e-mail: one title, its page, the user's services it is on in their region (when it is, with
 * JustWatch's attribution), and an unsubscribe link that works without signing in. Queued in the mail queue
 * (accounts/mail-queue.ts) and sent by `deliverWishlistAlert` through alerts' own drain (send.ts): by then the user
 * may have turned alerts off or the title may be gone, and then nothing is sent.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import type { Mailer, MailMessage } from '../accounts/mail.ts';
import { titleHref, titleKey } from '../titles/client/cards.ts';
import { loadTitleCards } from '../personal/titles.ts';
import { WATCH_ATTRIBUTION } from '../watch/client/offers.ts';
import { regionName } from '../watch/client/regions.ts';
import { userServicesOffering } from '../watch/user-services.ts';
import { UNSUBSCRIBE_PAGE_PATH } from './contract.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export interface AlertJob { email: string; user_id: string | null; content_type: ContentType | null; content_tmdb_id: number | null }
export interface AlertDeps { db: Kysely<Database>; mailer: Mailer; siteOrigin: string; keys: { secret: string } }

/** Where the title is on the user's services (`services`: their names), when it is. */
export interface OnTheirServices { regionName: string; services: string[] }

const listOfNames = new Intl.ListFormat('en', { type: 'conjunction' });

export function wishlistAlertEmail(to: string, title: string, link: string, unsubscribeLink: string, onServices?: OnTheirServices): MailMessage {
  const where = onServices?.services.length
    ? ` on your service${onServices.services.length > 1 ? 's' : ''} in ${onServices.regionName}: ${listOfNames.format(onServices.services)}.`
    : ':';
  return {
    to, link,
    subject: `${title} is ready to watch`,
    text: `${title}, from your Wishlist, can be watched now${where}\n\n${link}\n\n`
      + (onServices?.services.length ? `${WATCH_ATTRIBUTION}\n\n` : '')
      + 'You get this e-mail once per title because you turned on Wishlist alerts on your profile.\n'
      + `To stop them, open this link (no sign-in needed):\n\n${unsubscribeLink}\n`,
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>` },
  };
}

/** Names the user's services the title is on, in their region, as the mail is sent (the offers may have changed since). */
export async function deliverWishlistAlert(job: AlertJob, { db, mailer, siteOrigin, keys }: AlertDeps): Promise<void> {
  if (!job.user_id || !job.content_type || job.content_tmdb_id === null) return;
  const subscribed = await db.selectFrom('wishlist_alert_subscriptions').select('user_id').where('user_id', '=', job.user_id).executeTakeFirst();
  if (!subscribed) return;
  const ref = { type: job.content_type, tmdbId: job.content_tmdb_id };
  const card = (await loadTitleCards(db, [ref])).get(titleKey(ref));
  if (!card) return;
  const { region, services } = await userServicesOffering(db, job.user_id, ref);
  const unsubscribeLink = `${siteOrigin}${UNSUBSCRIBE_PAGE_PATH}?${new URLSearchParams({ token: unsubscribeToken(keys.secret, job.user_id) })}`;
  await mailer(wishlistAlertEmail(job.email, card.title, `${siteOrigin}${titleHref(card)}`, unsubscribeLink,
    { regionName: regionName(region), services: services.map((service) => service.name) }));
}
