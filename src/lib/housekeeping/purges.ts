/**
 * The rows the housekeeping job purges besides idle rate-limit buckets (accounts/rate-limit.ts): each in bounded
 * batches, each keeping what a user or the admin panel can still see.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { deleteInBatches, type BatchBound } from '../delete-in-batches.ts';
import { CHANGE_RETENTION_SECONDS } from '../publishing/change-log.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** A used or expired e-mail token is kept a day (no link can work again, but a late click still reads as expired). */
export const SPENT_TOKEN_RETENTION_SECONDS = DAY_SECONDS;
/** An account never confirmed goes after a week, if nothing was ever saved with it and no live link is out. */
export const UNCONFIRMED_ACCOUNT_RETENTION_SECONDS = 7 * DAY_SECONDS;
/** Finished import jobs, rebuilds and TMDB syncs go after a week; the newest of each always stay, for the admin panel. */
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

/** What the job tables share: an id in creation order, a status, and when the job ended. */
type FinishedJobTables = Record<'import_jobs' | 'rebuild_requests' | 'tmdb_syncs', { id: number; status: string; finished_at: Date | null }>;

/**
 * Drops a job table's rows that ended (`endedStatuses`) a week ago, keeping the newest FINISHED_JOBS_KEPT (the admin
 * panel lists them) and, when `keepLast` says so, the newest row with that status by that column (what the next
 * run reads).
 */
function purgeFinishedJobs(db: Kysely<Database>, table: keyof FinishedJobTables, endedStatuses: string[],
  keepLast: { status: string; by: string } | null, bound?: BatchBound): Promise<number> {
  const jobs = db as unknown as Kysely<FinishedJobTables>;
  return deleteInBatches(async (limit) => {
    const newest = jobs.selectFrom(table).select('id').orderBy('id', 'desc').limit(FINISHED_JOBS_KEPT);
    let finished = jobs.selectFrom(table).select('id').where('status', 'in', endedStatuses)
      .where('finished_at', '<', olderThan(FINISHED_JOB_RETENTION_SECONDS)).where('id', 'not in', newest);
    if (keepLast) {
      finished = finished.where('id', 'not in', jobs.selectFrom(table).select('id').where('status', '=', keepLast.status)
        .orderBy(sql.ref(keepLast.by), 'desc').limit(1));
    }
    return (await jobs.deleteFrom(table).where('id', 'in', finished.limit(limit)).executeTakeFirst()).numDeletedRows;
  }, bound);
}

export function purgeFinishedImportJobs(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return purgeFinishedJobs(db, 'import_jobs', ['done', 'failed'], null, bound);
}

export function purgeFinishedRebuilds(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return purgeFinishedJobs(db, 'rebuild_requests', ['succeeded', 'failed'], null, bound);
}

/** The catalogue's change log keeps a day: a reader whose cursor is older starts over (change-log.ts). */
export function purgeOldChanges(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return deleteInBatches(async (limit) => {
    const old = db.selectFrom('catalogue_changes').select('id').where('changed_at', '<', olderThan(CHANGE_RETENTION_SECONDS)).limit(limit);
    return (await db.deleteFrom('catalogue_changes').where('id', 'in', old).executeTakeFirst()).numDeletedRows;
  }, bound);
}

/** The newest completed sync stays too: where it ended is where the next one starts (tmdb/sync.ts). */
export function purgeFinishedSyncs(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return purgeFinishedJobs(db, 'tmdb_syncs', ['done', 'failed'], { status: 'done', by: 'until' }, bound);
}
