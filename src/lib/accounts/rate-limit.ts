/**
 * Fixed-window rate limits kept in Postgres (rate_limits), since serverless functions share no memory.
 * One upsert both counts the hit and starts a new window when the old one is over.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export interface RateLimit {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  signInPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  signInPerIp: { limit: 100, windowMs: 15 * 60_000 },
  signUpPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  signUpPerIp: { limit: 30, windowMs: 60 * 60_000 },
  resetPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 30, windowMs: 60 * 60_000 },
  passwordChangePerUser: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimit>;

/** Longer than every window above: a bucket idle this long holds nothing worth keeping. */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60_000;

/** Counts one hit on the bucket; false once the bucket is over its limit in the current window. */
export async function hitRateLimit(db: Kysely<Database>, bucket: string, { limit, windowMs }: RateLimit): Promise<boolean> {
  const expired = sql<boolean>`rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000})`;
  const row = await db.insertInto('rate_limits')
    .values({ bucket, window_start: sql`now()`, hits: 1 })
    .onConflict((oc) => oc.column('bucket').doUpdateSet({
      window_start: sql`CASE WHEN ${expired} THEN now() ELSE rate_limits.window_start END`,
      hits: sql`CASE WHEN ${expired} THEN 1 ELSE rate_limits.hits + 1 END`,
    }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  // A window just started (at most once per window and bucket): a cheap moment to drop long-idle buckets, so
  // the table holds about a day of distinct e-mails and addresses rather than every one ever seen.
  if (row.hits === 1) await pruneIdleRateLimits(db);
  return row.hits <= limit;
}

export async function pruneIdleRateLimits(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${RATE_LIMIT_RETENTION_MS / 1000})`).execute();
}

/** All buckets must allow the hit (each is counted, so a blocked IP cannot spend another bucket's budget). */
export async function hitRateLimits(db: Kysely<Database>, buckets: [string, RateLimit][]): Promise<boolean> {
  const results = [];
  for (const [bucket, limit] of buckets) results.push(await hitRateLimit(db, bucket, limit));
  return results.every(Boolean);
}

export async function clearRateLimit(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}

/** Buckets are keyed by a normalised e-mail or the client's address. */
export const emailBucket = (action: string, email: string) => `${action}:email:${email.trim().toLowerCase()}`;
export const ipBucket = (action: string, ip: string) => `${action}:ip:${ip}`;
