/**
 * Netlify's side of publishing: its pages are rendered on demand and kept in the CDN under the tags of what they show
 * (page-answer.ts); a change purges exactly those tags. The changes come from the log (change-log.ts), read by one
 * reader, 'netlify', whoever runs it: the function that served an admin write, the CLI import and the sync (given the
 * purge settings), and a scheduled function every minute (netlify/functions/publish-changes.ts), which catches plain
 * SQL and any purge that failed.
 *
 * Netlify accepts two purges of a tag (or of the whole site) per 5 s and answers 429 past that, so tags wait in
 * cdn_purges until they may go: each is purged when due and, to cover a page rendered from the old rows while the first
 * purge ran, once more AGAIN_AFTER_MS later. A tag already waiting is not queued twice.
 */
import { purgeCache } from '@netlify/functions';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { errorMessage } from '../http/respond.ts';
import { cdnPurgeSettings } from '../settings.ts';
import { currentSnapshot, readChangesSince, recordProgress } from './change-log.ts';
import { tagsOfChanges } from './change-tags.ts';
import { EVERYTHING } from '../pages/page-tags.ts';

type Db = Kysely<Database>;

/** The log's reader name for the CDN. */
export const CDN_READER = 'netlify';
/** Netlify's limit: two purges of a tag per this many seconds. */
export const PURGE_WINDOW_S = 5;
export const PURGES_PER_WINDOW = 2;
/** When a tag is purged again after its first purge. */
export const AGAIN_AFTER_MS = 2_000;
/** Tags per purge request. */
const TAGS_PER_REQUEST = 100;

/** Reads the changes since the CDN reader's cursor and queues the tags they name; returns how many. */
export async function queueChangedTags(db: Db): Promise<number> {
  // One reader at a time: the row lock is taken before the snapshot, so the next holder reads from this one's cursor.
  return db.transaction().execute(async (trx) => {
    const reader = await trx.selectFrom('publishing_consumers').select('snapshot').where('name', '=', CDN_READER).forUpdate().executeTakeFirst();
    if (!reader) {
      // The first read starts from now: what the CDN holds was rendered from the database as it was.
      await recordProgress(trx, CDN_READER, await currentSnapshot(trx), 0);
      return 0;
    }
    const batch = await readChangesSince(trx, reader.snapshot);
    const tags = batch.tooMany ? new Set([EVERYTHING]) : await tagsOfChanges(trx, batch.changes);
    if (tags.size) {
      await trx.insertInto('cdn_purges').values([...tags].map((tag) => ({ tag })))
        .onConflict((oc) => oc.column('tag').doUpdateSet({ again: true })).execute();
    }
    await recordProgress(trx, CDN_READER, batch.snapshot, batch.lastMarker);
    return tags.size;
  });
}

/** Purges the tags that are due and may go now; resolves to the earliest time some others will be due, or null. */
export async function purgeDueTags(db: Db, purge = purgeOnNetlify): Promise<Date | null> {
  for (;;) {
    const outcome = await db.transaction().execute(async (trx) => {
      const due = await trx.selectFrom('cdn_purges').select(['tag', 'again']).where('due_at', '<=', sql<Date>`now()`)
        .orderBy('due_at').limit(TAGS_PER_REQUEST).forUpdate().skipLocked().execute();
      if (due.length === 0) return 'none';
      // Tags purged twice in the window wait until the older of those purges leaves it.
      const busy = await trx.selectFrom('cdn_purge_log').select(['tag', (eb) => eb.fn.min('purged_at').as('oldest')])
        .where('tag', 'in', due.map((row) => row.tag)).where('purged_at', '>', sql<Date>`now() - make_interval(secs => ${PURGE_WINDOW_S})`)
        .groupBy('tag').having((eb) => eb.fn.countAll(), '>=', PURGES_PER_WINDOW).execute();
      for (const { tag, oldest } of busy) {
        await trx.updateTable('cdn_purges').set({ due_at: sql`${oldest}::timestamptz + make_interval(secs => ${PURGE_WINDOW_S})` }).where('tag', '=', tag).execute();
      }
      const busyTags = new Set(busy.map((row) => row.tag));
      const ready = due.filter((row) => !busyTags.has(row.tag));
      if (ready.length === 0) return 'waiting';
      try {
        await purge(ready.map((row) => row.tag));
      } catch (error) {
        console.error(`[publishing] purging ${ready.length} CDN tag(s) failed; retrying in ${PURGE_WINDOW_S} s: ${errorMessage(error)}`);
        await trx.updateTable('cdn_purges').set({ due_at: sql`now() + make_interval(secs => ${PURGE_WINDOW_S})` })
          .where('tag', 'in', ready.map((row) => row.tag)).execute();
        return 'failed';
      }
      await trx.insertInto('cdn_purge_log').values(ready.map((row) => ({ tag: row.tag }))).execute();
      const again = ready.filter((row) => row.again).map((row) => row.tag);
      if (again.length) {
        await trx.updateTable('cdn_purges').set({ again: false, due_at: sql`now() + make_interval(secs => ${AGAIN_AFTER_MS / 1000})` })
          .where('tag', 'in', again).execute();
      }
      const done = ready.filter((row) => !row.again).map((row) => row.tag);
      if (done.length) await trx.deleteFrom('cdn_purges').where('tag', 'in', done).execute();
      return 'purged';
    });
    if (outcome !== 'purged') break;
  }
  await db.deleteFrom('cdn_purge_log').where('purged_at', '<', sql<Date>`now() - make_interval(secs => ${PURGE_WINDOW_S})`).execute();
  const next = await db.selectFrom('cdn_purges').select((eb) => eb.fn.min('due_at').as('due')).executeTakeFirst();
  return next?.due ? new Date(next.due) : null;
}

/**
 * Queues what changed and purges it. `settled` then keeps purging what comes due (the second purges, and tags that had
 * to wait) for `settleMs`: a serverless function keeps running for it (waitUntil), a script awaits it. A failure is
 * logged: the scheduled run retries.
 */
export async function purgeChangedPages(db: Db, settleMs = AGAIN_AFTER_MS + 1_000): Promise<{ settled: Promise<void> }> {
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

/** One purge request: the tags given, or the whole site for EVERYTHING. */
async function purgeOnNetlify(tags: string[]): Promise<void> {
  const settings = cdnPurgeSettings();
  if (!settings) throw new Error('SITE_ID and NETLIFY_PURGE_API_TOKEN are not set.');
  const everything = tags.includes(EVERYTHING);
  await purgeCache({ siteID: settings.siteId, token: settings.token, apiURL: settings.apiUrl, ...(everything ? {} : { tags }) });
}
