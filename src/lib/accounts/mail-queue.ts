/**
 * Mail goes through a queue in Postgres (account_mail_jobs): account mail, and Wishlist alerts (src/lib/alerts/),
 * which their detection query queues itself. The sign-up and forgot-password endpoints
 * only validate, hash and queue one job, the same work whatever the address, so neither their answer nor its
 * timing tells whether an account exists. Looking the address up, creating the token and sending happen after the
 * answer:
 * - right after it, in the same process (`afterResponse`: Netlify's waitUntil keeps the function alive for it;
 *   the Node server simply keeps running);
 * - and, for a job whose sending failed or whose function was frozen, by the next sign-up or reset request's drain
 *   (no scheduled function: it would wake a scale-to-zero database every few minutes for a rare leftover).
 * Tokens are created only when the mail is sent, so no usable link ever sits in the queue.
 */
import { sql, type Kysely } from 'kysely';
import type { AccountMailKind, Database } from '../../../db/schema.ts';
import { findUserByEmail, insertUnconfirmedUser } from './accounts.ts';
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from './emails.ts';
import type { Mailer } from './mail.ts';
import { normaliseEmail } from './client/rules.ts';
import { createAuthToken } from './tokens.ts';
import { CONFIRM_PAGE_PATH } from './client/routes.ts';
import { errorMessage } from '../http/respond.ts';

export type AccountMailJob =
  | { kind: 'sign_up'; email: string; passwordHash: string }
  | { kind: 'password_reset'; email: string };

export interface MailQueueDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Origin for links in e-mails (the configured site, never the request's Host header). */
  siteOrigin: string;
  /** The server's secret (AUTH_SECRET): it signs the alerts' unsubscribe links. */
  keys: { secret: string };
}

const MAX_ATTEMPTS = 5;
/** A job claimed this long ago whose sender never finished (a frozen or killed function) is taken up again. */
const CLAIM_TIMEOUT_SECONDS = 5 * 60;

export async function enqueueAccountMail(db: Kysely<Database>, job: AccountMailJob): Promise<void> {
  await db.insertInto('account_mail_jobs')
    .values({ kind: job.kind, email: normaliseEmail(job.email), password_hash: job.kind === 'sign_up' ? job.passwordHash : null })
    .execute();
}

/**
 * Sends one claimed job's mail. Each kind's sender lives with its domain: account mail here, Wishlist alerts in
 * alerts/alert-mail.ts, whose drain (alerts/send.ts) hands its own, so the queue knows no domain above it.
 */
export type MailDeliverer = (job: ClaimedMailJob, deps: MailQueueDeps) => Promise<void>;
export type MailDeliverers = Partial<Record<AccountMailKind, MailDeliverer>>;

/** Sends queued account mail until none is left (or `limit` jobs were handled); returns how many were sent. */
export function sendQueuedAccountMail(deps: MailQueueDeps, limit = 50): Promise<number> {
  return sendQueuedMail(deps, ACCOUNT_MAIL, limit);
}

/** Sends the queued jobs of the kinds `deliverers` sends, oldest first; the other kinds are left to their drains. */
export async function sendQueuedMail(deps: MailQueueDeps, deliverers: MailDeliverers, limit = 50): Promise<number> {
  const kinds = Object.keys(deliverers) as AccountMailKind[];
  let sent = 0;
  for (let handled = 0; handled < limit; handled++) {
    const job = await claimJob(deps.db, kinds);
    if (!job) break;
    try {
      await deliverers[job.kind]!(job, deps);
      await deps.db.deleteFrom('account_mail_jobs').where('id', '=', job.id).execute();
      sent++;
    } catch (error) {
      const message = errorMessage(error);
      if (job.attempts >= MAX_ATTEMPTS) {
        console.error(`[mail] giving up on a ${job.kind} e-mail after ${job.attempts} attempts: ${message}`);
        await deps.db.deleteFrom('account_mail_jobs').where('id', '=', job.id).execute();
      } else {
        // Left claimed: it is retried once the claim times out, not in a tight loop now.
        await deps.db.updateTable('account_mail_jobs').set({ last_error: message }).where('id', '=', job.id).execute();
      }
    }
  }
  return sent;
}

/** Takes the oldest job nobody is working on; SKIP LOCKED lets concurrent drains take different jobs. */
function claimJob(db: Kysely<Database>, kinds: AccountMailKind[]) {
  return db.updateTable('account_mail_jobs')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_at: sql<Date>`now()` }))
    .where('id', '=', (eb) => eb.selectFrom('account_mail_jobs').select('id')
      .where('kind', 'in', kinds)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where((w) => w.or([
        w('claimed_at', 'is', null),
        w('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`),
      ]))
      .orderBy('id').limit(1).forUpdate().skipLocked())
    .returning(['id', 'kind', 'email', 'password_hash', 'attempts', 'user_id', 'content_type', 'content_tmdb_id'])
    .executeTakeFirst();
}

export type ClaimedMailJob = NonNullable<Awaited<ReturnType<typeof claimJob>>>;

async function deliverPasswordReset(job: ClaimedMailJob, { db, mailer, siteOrigin }: MailQueueDeps): Promise<void> {
  const user = await findUserByEmail(db, job.email);
  if (!user) return;
  const token = await createAuthToken(db, user.id, 'reset_password');
  await mailer(passwordResetEmail(user.email, `${siteOrigin}/reset-password?token=${token}`));
}

async function deliverSignUp(job: ClaimedMailJob, { db, mailer, siteOrigin }: MailQueueDeps): Promise<void> {
  const passwordHash = job.password_hash!;
  const newUserId = await insertUnconfirmedUser(db, job.email, passwordHash);
  const existing = newUserId ? null : await findUserByEmail(db, job.email);
  if (existing?.email_confirmed_at) {
    await mailer(alreadyRegisteredEmail(existing.email, `${siteOrigin}/login`));
    return;
  }
  const userId = newUserId ?? existing?.id;
  if (!userId) return; // deleted between the two statements
  // The link carries this sign-up's password: following it activates that one, whoever signed up first.
  const token = await createAuthToken(db, userId, 'confirm_email', passwordHash);
  await mailer(confirmationEmail(existing?.email ?? job.email, `${siteOrigin}${CONFIRM_PAGE_PATH}?token=${token}`));
}

const ACCOUNT_MAIL: MailDeliverers = { sign_up: deliverSignUp, password_reset: deliverPasswordReset };
