/**
 * The rows the housekeeping job purges besides idle rate-limit buckets (accounts/rate-limit.ts): each in bounded
 * batches, each keeping what a user or the admin panel can still see.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { deleteInBatches, type BatchBound } from './batches.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** A used or expired e-mail token is kept a day (no link can work again, but a late click still reads as expired). */
export const SPENT_TOKEN_RETENTION_SECONDS = DAY_SECONDS;
/** An account never confirmed goes after a week, if nothing was ever saved with it and no live link is out. */
export const UNCONFIRMED_ACCOUNT_RETENTION_SECONDS = 7 * DAY_SECONDS;
/** Finished import jobs and rebuilds go after a week; the newest of each always stay, for the admin panel. */
export const FINISHED_JOB_RETENTION_SECONDS = 7 * DAY_SECONDS;
export const FINISHED_JOBS_KEPT = 20;

const olderThan = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

export function purgeSpentAuthTokens(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return deleteInBatches(async (limit) => {
    const spent = db.selectFrom('auth_tokens').select('token_hash')
      .where((eb) => eb.or([
        eb('used_at', '<', olderThan(SPENT_TOKEN_RETENTION_SECONDS)),
        eb('expires_at', '<', olderThan(SPENT_TOKEN_RETENTION_SECONDS)),
      ])).limit(limit);
    return (await db.deleteFrom('auth_tokens').where('token_hash', 'in', spent).executeTakeFirst()).numDeletedRows;
  }, bound);
}

export function purgeUnconfirmedAccounts(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return deleteInBatches(async (limit) => {
    const abandoned = db.selectFrom('users').select('users.id')
      .where('email_confirmed_at', 'is', null).where('role', '=', 'user')
      .where('created_at', '<', olderThan(UNCONFIRMED_ACCOUNT_RETENTION_SECONDS))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('user_list_items').select('user_id').whereRef('user_id', '=', 'users.id'))))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('user_ratings').select('user_id').whereRef('user_id', '=', 'users.id'))))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('watch_history').select('user_id').whereRef('user_id', '=', 'users.id'))))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('requests').select('user_id').whereRef('user_id', '=', 'users.id'))))
      // A sign-up repeated lately carries a live link: following it must still work.
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('auth_tokens').select('user_id').whereRef('user_id', '=', 'users.id')
        .where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`))))
      .limit(limit);
    return (await db.deleteFrom('users').where('id', 'in', abandoned).executeTakeFirst()).numDeletedRows;
  }, bound);
}

export function purgeFinishedImportJobs(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return deleteInBatches(async (limit) => {
    const kept = db.selectFrom('import_jobs').select('id').orderBy('id', 'desc').limit(FINISHED_JOBS_KEPT);
    const finished = db.selectFrom('import_jobs').select('id').where('status', 'in', ['done', 'failed'])
      .where('finished_at', '<', olderThan(FINISHED_JOB_RETENTION_SECONDS)).where('id', 'not in', kept).limit(limit);
    return (await db.deleteFrom('import_jobs').where('id', 'in', finished).executeTakeFirst()).numDeletedRows;
  }, bound);
}

/** The newest succeeded rebuild stays too: the panel tells which titles changed since it (rebuild/index.ts). */
export function purgeFinishedRebuilds(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return deleteInBatches(async (limit) => {
    const newest = db.selectFrom('rebuild_requests').select('id').orderBy('id', 'desc').limit(FINISHED_JOBS_KEPT);
    const lastSucceeded = db.selectFrom('rebuild_requests').select('id').where('status', '=', 'succeeded').orderBy('started_at', 'desc').limit(1);
    const finished = db.selectFrom('rebuild_requests').select('id').where('status', 'in', ['succeeded', 'failed'])
      .where('finished_at', '<', olderThan(FINISHED_JOB_RETENTION_SECONDS))
      .where('id', 'not in', newest).where('id', 'not in', lastSucceeded).limit(limit);
    return (await db.deleteFrom('rebuild_requests').where('id', 'in', finished).executeTakeFirst()).numDeletedRows;
  }, bound);
}
