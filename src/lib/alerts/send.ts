/**
 * Runs the alert check ("watchable now and not yet notified", watchable.ts) and sends what it queued. Every writer of
 * the catalogue calls it after its writes: the admin's edits (publishing/catalogue-changes.ts, which also follows a
 * restore), the bulk import and the TMDB sync after each page they store (with the titles' providers, so a title
 * arriving on a user's service is announced there), and the housekeeping job, which catches anything else. A user's
 * own change of region or services runs no check: it records instead (watchable.ts says why).
 */
import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { sendQueuedMail, type MailQueueDeps } from '../accounts/mail-queue.ts';
import { accountDeps, mailQueueDeps } from '../accounts/server-env.ts';
import { deliverWishlistAlert } from './alert-mail.ts';
import { queueWishlistAlerts } from './watchable.ts';

/** Sends the queued alert mail (the queue's other kinds are account mail's); returns how many were sent. */
export function sendQueuedAlerts(deps: MailQueueDeps): Promise<number> {
  return sendQueuedMail(deps, { wishlist_alert: deliverWishlistAlert });
}

/**
 * Queues the alerts now due and sends every alert queued; returns how many were queued. `deps` default to the
 * configured ones. A job that failed to send is sent by a later call (the housekeeping job makes one every day).
 */
export async function sendWishlistAlerts(db: Kysely<Database>, deps?: MailQueueDeps): Promise<number> {
  const queued = await queueWishlistAlerts(db);
  await sendQueuedAlerts(deps ?? mailQueueDeps(db));
  return queued;
}

/** After an admin's write: the check before the answer (a few milliseconds), the sending after it. */
export async function alertAfterCatalogueWrite(db: Kysely<Database>, context: APIContext): Promise<void> {
  if (!(await queueWishlistAlerts(db))) return;
  const deps = await accountDeps(context);
  deps.afterResponse(() => sendQueuedAlerts(deps));
}
