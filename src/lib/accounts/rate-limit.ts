/**
 * Rate limits kept in Postgres (rate_limits), since serverless functions share no memory:
 * - fixed windows (sign-up, reset, requests): one upsert both counts the hit and starts a new window when the old
 *   one is over;
 * - exponential backoff (sign-in): after a few free failures each further attempt must wait twice as long as the
 *   one before, counted per (e-mail, client) and per client, so nobody can lock an owner out from elsewhere.
 */
import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { deleteInBatches, type BatchBound } from '../delete-in-batches.ts';

export interface RateLimit {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

/** A fixed window counted per client and, for IPv6, per /48 (clientBuckets). */
export interface ClientRateLimit {
  perClient: number;
  perNetwork: number;
  windowMs: number;
}

const HOUR = 60 * 60_000;

export const RATE_LIMITS = {
  signUp: { perClient: 30, perNetwork: 120, windowMs: HOUR },
  reset: { perClient: 30, perNetwork: 120, windowMs: HOUR },
  // Mails to one address per requester (e-mail and client): past it the answer stays the same and nothing is sent.
  // Per requester, not per address, so that nobody can spend the owner's share and keep their own mail from them.
  mailsPerEmailAndClient: { limit: 3, windowMs: HOUR },
  passwordChangePerUser: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimit | ClientRateLimit>;

/** The buckets of a ClientRateLimit for one client, in the order hitRateLimits checks them. */
export function clientRateLimits(action: string, ip: string, { perClient, perNetwork, windowMs }: ClientRateLimit): [string, RateLimit][] {
  return clientBuckets(action, ip, { limit: perClient, windowMs }, { limit: perNetwork, windowMs });
}

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
  return row.hits <= limit;
}

/** Drops buckets idle for a day, in the housekeeping job's bounded batches; returns how many went. */
export function pruneIdleRateLimits(db: Kysely<Database>, bound?: BatchBound): Promise<number> {
  return deleteInBatches(async (limit) => {
    const idle = db.selectFrom('rate_limits').select('bucket')
      .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${RATE_LIMIT_RETENTION_MS / 1000})`).limit(limit);
    return (await db.deleteFrom('rate_limits').where('bucket', 'in', idle).executeTakeFirst()).numDeletedRows;
  }, bound);
}

/**
 * Buckets are checked in the order given (the network's and client's first) and the first refusal stops the check:
 * a refused client creates or fills no further bucket, so it cannot grow the table or spend another bucket's budget.
 */
export async function hitRateLimits(db: Kysely<Database>, buckets: [string, RateLimit][]): Promise<boolean> {
  for (const [bucket, limit] of buckets) if (!(await hitRateLimit(db, bucket, limit))) return false;
  return true;
}

export async function clearRateLimit(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}

export interface Backoff {
  /** Failures allowed before any wait. */
  free: number;
  /** Wait after the first failure past `free`; it doubles with each further one. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
}

export const BACKOFFS = {
  signInPerEmailAndClient: { free: 5, baseMs: 1000, maxMs: 15 * 60_000 },
  signInPerClient: { free: 30, baseMs: 1000, maxMs: 15 * 60_000 },
  // An IPv6 /48's /64s together (clientBuckets): a few hundred hashes a day, not 30 for each of 65,536 clients.
  signInPerNetwork: { free: 100, baseMs: 1000, maxMs: 15 * 60_000 },
  // Counted only for browsers that never signed in to the account (device.ts), from any number of addresses.
  signInPerAccount: { free: 20, baseMs: 1000, maxMs: 5 * 60_000 },
} satisfies Record<string, Backoff>;

/**
 * Counts one attempt on a backoff bucket unless it comes before the wait its earlier failures imposed; false means
 * refused (and not counted). In a backoff bucket `hits` is the failures in a row and `window_start` the last counted
 * attempt; success clears the bucket (clearRateLimit) and a day of quiet drops it (pruneIdleRateLimits, scheduled).
 */
export async function hitBackoff(db: Kysely<Database>, bucket: string, { free, baseMs, maxMs }: Backoff): Promise<boolean> {
  const waitSeconds = sql`LEAST(${maxMs / 1000}::float8, ${baseMs / 1000}::float8 * power(2, GREATEST(rate_limits.hits - ${free}, 0)))`;
  const allowed = sql<boolean>`(rate_limits.hits < ${free} OR rate_limits.window_start <= now() - make_interval(secs => ${waitSeconds}))`;
  const row = await db.insertInto('rate_limits')
    .values({ bucket, window_start: sql`now()`, hits: 1 })
    .onConflict((oc) => oc.column('bucket').doUpdateSet({
      window_start: sql`CASE WHEN ${allowed} THEN now() ELSE rate_limits.window_start END`,
      hits: sql`CASE WHEN ${allowed} THEN rate_limits.hits + 1 ELSE rate_limits.hits END`,
    }))
    // now() is the statement's transaction time: only a counted attempt set window_start to it.
    .returning(sql<boolean>`rate_limits.window_start = now()`.as('counted'))
    .executeTakeFirstOrThrow();
  return row.counted;
}

/** Takes back one counted attempt that succeeded (a shared address signing many people in is not an attack). */
export async function forgiveAttempt(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.updateTable('rate_limits').set({ hits: sql`GREATEST(hits - 1, 0)` }).where('bucket', '=', bucket).execute();
}

/** Every bucket must allow the attempt; as with hitRateLimits, the first refusal (the client's buckets first) stops the check. */
export async function hitBackoffs(db: Kysely<Database>, buckets: [string, Backoff][]): Promise<boolean> {
  for (const [bucket, backoff] of buckets) if (!(await hitBackoff(db, bucket, backoff))) return false;
  return true;
}

/** IPv6 prefixes: one subscriber's network (a host picks any of its 2^64 addresses at will), and one site's. */
const CLIENT_BITS = 64;
const NETWORK_BITS = 48;

/**
 * An address's first `bits` bits: an IPv6 address as `2001:db8:7:1::/64`, an IPv4 address (or an IPv4-mapped IPv6
 * one) as it is.
 */
function prefixOf(ip: string, bits: number): string {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (isIP(address) !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups.slice(0, bits / 16).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/${bits}`;
}

/** The client a bucket counts: an IPv4 address as it is, an IPv6 address by its /64. */
export const clientKey = (ip: string) => prefixOf(ip, CLIENT_BITS);

/** Buckets are keyed by a normalised e-mail or the client (clientKey). */
export const emailBucket = (action: string, email: string) => `${action}:email:${email.trim().toLowerCase()}`;
export const ipBucket = (action: string, ip: string) => `${action}:ip:${clientKey(ip)}`;
export const emailAndIpBucket = (action: string, email: string, ip: string) => `${emailBucket(action, email)}:ip:${clientKey(ip)}`;

/**
 * A client's buckets for an action: for IPv6 its /48's first, which all the /64s of one site (or of a provider's
 * pool of /56 subscribers) share, then its own. A /48 has 65,536 clients: without its bucket one site could add rows
 * without end and, at sign-in, keep the password hashing busy (every request shed with 503), one fresh /64 after
 * another. Checked first, a network past its budget adds no row for its fresh clients.
 */
export function clientBuckets<L>(action: string, ip: string, perClient: L, perNetwork: L): [string, L][] {
  const network = prefixOf(ip, NETWORK_BITS);
  const client: [string, L] = [ipBucket(action, ip), perClient];
  return network === clientKey(ip) ? [client] : [[`${action}:net:${network}`, perNetwork], client];
}
