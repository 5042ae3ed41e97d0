/**
 * Netlify's side of publishing: its pages are rendered on demand and kept in the CDN under the tags of what they show
 * (page-answer.ts); a change purges exactly those tags. The changes come from the log (change-log.ts), read by one
 * reader, 'netlify', whoever runs it: the function that served an admin write, the CLI import and the sync (given the
 * purge settings), and a scheduled function every minute (netlify/functions/publish-changes.ts), which catches plain
 * SQL and any purge that failed.
 *
 * Netlify accepts two purges of a tag (or of the whole site) per 5 s and answers 429 past that, so tags wait in
 * cdn_purges until they may go: each is purged when due and, to cover a page rendered from the old rows while the first
 * purge ran, once more AGAIN_AFTER_MS later. A tag already waiting is not queued twice; a new change to it makes it due
 * at once (the limit permitting) and purged again after.
 *
 * Times are the database's clock: a purge is logged when its answer came (after Netlify counted it), and the next one
 * goes 5 s after that, so Netlify never sees three within its window, whoever purges. A row is purged by the one
 * purger that locked it: two purgers at once never purge a tag twice for one change.
 *
 * The log keeps changes as long as the CDN keeps a page (CHANGE_RETENTION_SECONDS, CDN_MAX_AGE_S): a change the log
 * pruned before this reader read it is older than any page the CDN still holds.
 */
import { purgeCache } from '@netlify/functions';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { errorMessage } from '../http/respond.ts';
import { cdnPurgeSettings } from '../settings.ts';
import { currentSnapshot, readChangesSince, recordProgress } from './change-log.ts';
import { tagsOfChanges } from './change-tags.ts';
import { cdnPurgeTag, EVERYTHING } from '../pages/page-tags.ts';

type Db = Kysely<Database>;

/** The log's reader name for the CDN. */
export const CDN_READER = 'netlify';
/** Netlify's limit: two purges of a tag per this many seconds. */
export const PURGE_WINDOW_S = 5;
export const PURGES_PER_WINDOW = 2;
/** When a tag is purged again after its first purge. */
export const AGAIN_AFTER_MS = 2_000;
/** Tags per purge request. */
export const TAGS_PER_REQUEST = 100;
/** How long a purge request may take before it counts as failed. */
export const PURGE_TIMEOUT_MS = 5_000;
/**
 * How long a writer keeps purging what its change queued: a tag busy with two purges waits up to the window, then
 * needs its second purge. Later ones (a failed purge's retry) are the scheduled function's.
 */
export const SETTLE_MS = PURGE_WINDOW_S * 1000 + AGAIN_AFTER_MS + 1_000;

/** Reads the changes since the CDN reader's cursor and queues the tags they name; returns how many. */
export async function queueChangedTags(db: Db): Promise<number> {
  // One reader at a time: the row lock is taken before the snapshot, so the next holder reads from this one's cursor.
  return db.transaction().execute(async (trx) => {
    const reader = await trx.selectFrom('publishing_consumers').select('snapshot').where('name', '=', CDN_READER).forUpdate().executeTakeFirst();
    if (!reader) {
      // The first read: nothing says what the CDN holds, so all of it goes once, and reading starts from now.
      await queueTags(trx, new Set([EVERYTHING]));
      await recordProgress(trx, CDN_READER, await currentSnapshot(trx), 0);
      return 1;
    }
    const batch = await readChangesSince(trx, reader.snapshot);
    const tags = new Set(batch.tooMany ? [EVERYTHING] : [...await tagsOfChanges(trx, batch.changes)].map(cdnPurgeTag));
    await queueTags(trx, tags);
    await recordProgress(trx, CDN_READER, batch.snapshot, batch.lastMarker);
    return tags.size;
  });
}

async function queueTags(trx: Transaction<Database>, tags: Set<string>): Promise<void> {
  if (tags.size === 0) return;
  await trx.insertInto('cdn_purges').values([...tags].map((tag) => ({ tag })))
    .onConflict((oc) => oc.column('tag').doUpdateSet({ again: true, due_at: sql`least(cdn_purges.due_at, now())` })).execute();
}

/** Purges the tags that are due and may go now; resolves to the earliest time some others will be due, or null. */
export async function purgeDueTags(db: Db): Promise<Date | null> {
  for (let outcome = 'purged'; outcome === 'purged';) outcome = await db.transaction().execute(purgeBatch);
  await db.deleteFrom('cdn_purge_log').where('purged_at', '<', sql<Date>`clock_timestamp() - make_interval(secs => ${PURGE_WINDOW_S})`).execute();
  const next = await db.selectFrom('cdn_purges').select((eb) => eb.fn.min('due_at').as('due')).executeTakeFirst();
  return next?.due ? new Date(next.due) : null;
}

/** Locks up to a request's worth of due tags (the whole site first), defers the busy ones and purges the rest. */
async function purgeBatch(trx: Transaction<Database>): Promise<'none' | 'waiting' | 'failed' | 'purged'> {
  const due = await trx.selectFrom('cdn_purges').select(['tag', 'again']).where('due_at', '<=', sql<Date>`clock_timestamp()`)
    .orderBy(sql`tag = ${EVERYTHING}`, 'desc').orderBy('due_at').limit(TAGS_PER_REQUEST).forUpdate().skipLocked().execute();
  if (due.length === 0) return 'none';
  // Tags purged twice in the window wait until the older of those purges leaves it.
  const busy = await trx.selectFrom('cdn_purge_log').select(['tag', (eb) => eb.fn.min('purged_at').as('oldest')])
    .where('tag', 'in', due.map((row) => row.tag))
    .where('purged_at', '>', sql<Date>`clock_timestamp() - make_interval(secs => ${PURGE_WINDOW_S})`)
    .groupBy('tag').having((eb) => eb.fn.countAll(), '>=', PURGES_PER_WINDOW).execute();
  for (const { tag, oldest } of busy) {
    await trx.updateTable('cdn_purges').set({ due_at: sql`${oldest}::timestamptz + make_interval(secs => ${PURGE_WINDOW_S})` }).where('tag', '=', tag).execute();
  }
  const busyTags = new Set(busy.map((row) => row.tag));
  const ready = due.filter((row) => !busyTags.has(row.tag));
  if (ready.length === 0) return 'waiting';
  // The whole site goes alone, and counts as a purge of every tag locked with it.
  const everything = ready[0]!.tag === EVERYTHING;
  const sent = everything ? [EVERYTHING] : ready.map((row) => row.tag);
  try {
    await purgeOnNetlify(everything ? EVERYTHING : sent);
  } catch (error) {
    console.error(`[publishing] purging ${everything ? 'the whole site' : `${sent.length} CDN tag(s)`} failed; retrying in ${PURGE_WINDOW_S} s: ${errorMessage(error)}`);
    await trx.updateTable('cdn_purges').set({ due_at: sql`clock_timestamp() + make_interval(secs => ${PURGE_WINDOW_S})` })
      .where('tag', 'in', ready.map((row) => row.tag)).execute();
    return 'failed';
  }
  await trx.insertInto('cdn_purge_log').values(sent.map((tag) => ({ tag, purged_at: sql<Date>`clock_timestamp()` }))).execute();
  const again = ready.filter((row) => row.again).map((row) => row.tag);
  if (again.length) {
    await trx.updateTable('cdn_purges').set({ again: false, due_at: sql`clock_timestamp() + make_interval(secs => ${AGAIN_AFTER_MS / 1000})` })
      .where('tag', 'in', again).execute();
  }
  const done = ready.filter((row) => !row.again).map((row) => row.tag);
  if (done.length) await trx.deleteFrom('cdn_purges').where('tag', 'in', done).execute();
  return 'purged';
}

/**
 * Queues what changed and purges it. `settled` then keeps purging what comes due (the second purges, and tags that had
 * to wait) for `settleMs`: a serverless function keeps running for it (waitUntil), a script awaits it. A failure is
 * logged: the scheduled run retries.
 */
export async function purgeChangedPages(db: Db, settleMs = SETTLE_MS): Promise<{ settled: Promise<void> }> {
  const failed = (error: unknown) => console.error(`[publishing] could not purge the CDN: ${errorMessage(error)}`);
  try {
    await queueChangedTags(db);
    const first = await purgeDueTags(db);
    const deadline = Date.now() + settleMs;
    const settle = async () => {
      for (let next = first; next && next.getTime() <= deadline; next = await purgeDueTags(db)) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next!.getTime() - Date.now()) + 50));
      }
    };
    return { settled: settle().catch(failed) };
  } catch (error) {
    failed(error);
    return { settled: Promise.resolve() };
  }
}

/** Whether this process can purge Netlify's CDN. */
export const purgesCdn = () => cdnPurgeSettings() !== null;

/**
 * One request to Netlify's purge API (`apiURL`: NETLIFY_API_URL, a stand-in in tests). purgeCache takes no signal, so
 * an API that does not answer is given up on after PURGE_TIMEOUT_MS: the tags stay due, and the writer and the rows it
 * locked do not wait for it.
 */
async function purgeOnNetlify(tags: string[] | typeof EVERYTHING): Promise<void> {
  const settings = cdnPurgeSettings();
  if (!settings) throw new Error('SITE_ID and NETLIFY_PURGE_API_TOKEN are not set.');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Netlify's purge API did not answer within ${PURGE_TIMEOUT_MS} ms`)), PURGE_TIMEOUT_MS);
  });
  try {
    await Promise.race([
      purgeCache({ siteID: settings.siteId, token: settings.token, apiURL: settings.apiUrl, ...(tags === EVERYTHING ? {} : { tags }) }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
