/**
 * Netlify's purger (src/lib/publishing/cdn-purge.ts) against the purge API stand-in, which refuses (429) a third purge
 * of a tag, or of the whole site, within 5 s. Real time throughout: the window and the second purge are Netlify's and
 * the purger's, measured by the database's clock and the stand-in's.
 */
import { setTimeout as delay } from 'node:timers/promises';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { CHANGE_RETENTION_SECONDS, currentSnapshot, MAX_CHANGES_PER_READ, recordProgress } from '../../src/lib/publishing/change-log.ts';
import {
  AGAIN_AFTER_MS, CDN_READER, purgeChangedPages, purgeDueTags, queueChangedTags, TAGS_PER_REQUEST,
} from '../../src/lib/publishing/cdn-purge.ts';
import { CDN_MAX_AGE_S } from '../../src/lib/publishing/page-answer.ts';
import { pageTags } from '../../src/lib/pages/page-tags.ts';
import { insertGenres, insertMovie } from '../support/catalogue-fixtures.ts';
import { describeEachEngine } from '../support/engines.ts';
import { PURGE_WINDOW_MS, PURGES_PER_WINDOW, startNetlifyPurgeApi, type PurgeApiStandIn, type PurgeCall } from '../support/netlify-purge-api.ts';

const SITE_ID = 'cdn-purge-test-site';
const TOKEN = 'cdn-purge-test-token';
const PURGE_SETTINGS = ['SITE_ID', 'NETLIFY_PURGE_API_TOKEN', 'NETLIFY_API_URL'] as const;

let api: PurgeApiStandIn;
const saved = new Map<string, string | undefined>();

beforeAll(async () => {
  api = await startNetlifyPurgeApi({ siteId: SITE_ID, token: TOKEN });
  for (const name of PURGE_SETTINGS) saved.set(name, process.env[name]);
  Object.assign(process.env, { SITE_ID, NETLIFY_PURGE_API_TOKEN: TOKEN, NETLIFY_API_URL: api.url });
});

afterAll(async () => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await api.close();
});

/** Queues what changed and purges it, waiting for what is due later, until nothing is left. */
async function drain(db: Kysely<Database>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await queueChangedTags(db);
  for (let next = await purgeDueTags(db); next; next = await purgeDueTags(db)) {
    if (Date.now() > deadline) throw new Error('purges still queued after the timeout');
    await delay(Math.max(0, next.getTime() - Date.now()) + 20);
  }
}

/** The accepted purges of `tag` (202) among `calls`, by arrival time. */
const purgesOf = (calls: PurgeCall[], tag: string) => calls.filter((call) => call.status === 202 && call.tags?.includes(tag)).map((call) => call.at);
const wholeSitePurges = (calls: PurgeCall[]) => calls.filter((call) => call.status === 202 && call.tags === null).map((call) => call.at);
const refused = (calls: PurgeCall[]) => calls.filter((call) => call.status !== 202);
/** The calls made since `from` (an index into api.calls). */
const callsSince = (from: number) => api.calls.slice(from);
/** Whether no window of PURGE_WINDOW_MS holds more than PURGES_PER_WINDOW of `times` (sorted). */
const withinLimit = (times: number[]) => times.every((time, i) => (times[i + PURGES_PER_WINDOW] ?? Infinity) > time + PURGE_WINDOW_MS);

/**
 * Each test renames seeded movies of its own: their tags were never purged, so a test's first purge of them is not
 * held back by an earlier test's (tags every change names, the sitemap's, may be).
 */
const SEEDED_MOVIES = 50;
const FIRST_TMDB_ID = 61_000;

it('the log keeps a change as long as the CDN may keep a page that predates it', () => {
  // Otherwise a change pruned before the reader read it could leave a page stale until it expires.
  expect(CDN_MAX_AGE_S).toBeLessThanOrEqual(CHANGE_RETENTION_SECONDS);
});

describeEachEngine('purging Netlify\'s CDN by tag, within its limits', (getDb) => {
  const seeded = (index: number) => getDb().selectFrom('movies').select(['id', 'tmdb_id'])
    .where('tmdb_id', '=', FIRST_TMDB_ID + index).executeTakeFirstOrThrow();

  // The reader exists and nothing is queued: each test starts from what the earlier ones purged.
  beforeEach(() => drain(getDb()));

  it('the first read, with no cursor yet, purges the whole site once and again, then only what changed', async () => {
    const db = getDb();
    const movie = await seeded(0);
    await db.deleteFrom('publishing_consumers').where('name', '=', CDN_READER).execute();
    const from = api.calls.length;
    await db.updateTable('movies').set({ title: 'Before Any Cursor' }).where('id', '=', movie.id).execute();
    await (await purgeChangedPages(db)).settled;
    const site = wholeSitePurges(callsSince(from));
    expect(site).toHaveLength(2);
    expect(site[1]! - site[0]!).toBeGreaterThanOrEqual(AGAIN_AFTER_MS);
    expect(callsSince(from).filter((call) => call.tags !== null)).toEqual([]);

    const next = api.calls.length;
    await db.updateTable('movies').set({ title: 'Read From The Cursor' }).where('id', '=', movie.id).execute();
    await (await purgeChangedPages(db)).settled;
    expect(wholeSitePurges(callsSince(next))).toEqual([]);
    expect(purgesOf(callsSince(next), pageTags.title('movie', movie.tmdb_id))).toHaveLength(2);
  });

  it('purges a change\'s tags before it resolves, and once more AGAIN_AFTER_MS later', async () => {
    const db = getDb();
    const movie = await seeded(1);
    const from = api.calls.length;
    await db.updateTable('movies').set({ title: 'Renamed Once' }).where('id', '=', movie.id).execute();
    const { settled } = await purgeChangedPages(db);
    const tags = [pageTags.title('movie', movie.tmdb_id), pageTags.titleCard('movie', movie.tmdb_id), pageTags.titleTile('movie', movie.tmdb_id)];
    for (const tag of tags) expect(purgesOf(callsSince(from), tag), tag).toHaveLength(1);
    await settled;
    for (const tag of tags) {
      const [first, second, ...more] = purgesOf(callsSince(from), tag);
      expect(second! - first!, tag).toBeGreaterThanOrEqual(AGAIN_AFTER_MS);
      expect(more, tag).toEqual([]);
    }
    expect(refused(callsSince(from))).toEqual([]);
    expect(await db.selectFrom('cdn_purges').selectAll().execute()).toEqual([]);
  });

  it('a burst of changes never purges a tag more than twice in 5 s, and purges each change twice after it', async () => {
    const db = getDb();
    const movies = await Promise.all([2, 3, 4].map(seeded));
    const step = fc.record({
      renamed: fc.subarray([0, 1, 2], { minLength: 1 }),
      purgers: fc.integer({ min: 1, max: 2 }),
      pauseMs: fc.integer({ min: 0, max: 900 }),
    });
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
      run++;
      const from = api.calls.length;
      const changed: { tag: string; at: number }[] = [];
      const settling: Promise<void>[] = [];
      for (const [index, { renamed, purgers, pauseMs }] of steps.entries()) {
        for (const which of renamed) {
          await db.updateTable('movies').set({ title: `Burst ${run}.${index}` }).where('id', '=', movies[which]!.id).execute();
        }
        const at = Date.now();
        for (const which of renamed) changed.push({ tag: pageTags.title('movie', movies[which]!.tmdb_id), at });
        const started = await Promise.all(Array.from({ length: purgers }, () => purgeChangedPages(db)));
        settling.push(...started.map((purger) => purger.settled));
        await delay(pauseMs);
      }
      await Promise.all(settling);
      await drain(db);
      const calls = callsSince(from);
      expect(refused(calls)).toEqual([]);
      for (const tag of new Set(calls.flatMap((call) => call.tags ?? []))) expect(withinLimit(purgesOf(calls, tag)), tag).toBe(true);
      for (const { tag, at } of changed) {
        const after = purgesOf(calls, tag).filter((time) => time >= at);
        expect(after.some((time) => time >= after[0]! + AGAIN_AFTER_MS), `${tag}: purged ${after.map((time) => time - at)} ms after its change`)
          .toBe(true);
      }
    }), { numRuns: 3 });
  });

  it('a 429 leaves the tags due, and a later run purges them', async () => {
    const db = getDb();
    const movie = await seeded(5);
    const tag = pageTags.title('movie', movie.tmdb_id);
    const queued = () => db.selectFrom('cdn_purges').select('tag').where('tag', '=', tag).execute();
    const from = api.calls.length;
    await db.updateTable('movies').set({ title: 'Refused At First' }).where('id', '=', movie.id).execute();
    api.failNext(429, tag);
    await (await purgeChangedPages(db, 0)).settled;
    expect(await queued()).toEqual([{ tag }]);
    await drain(db);
    expect(callsSince(from).filter((call) => call.tags?.includes(tag)).map((call) => call.status)).toEqual([429, 202, 202]);
    expect(await queued()).toEqual([]);
  });

  it('a request that fails (no API listening) leaves the tags due as well', async () => {
    const db = getDb();
    const movie = await seeded(6);
    const tag = pageTags.title('movie', movie.tmdb_id);
    await db.updateTable('movies').set({ title: 'Nobody Listening' }).where('id', '=', movie.id).execute();
    process.env.NETLIFY_API_URL = 'http://127.0.0.1:9';
    try {
      await (await purgeChangedPages(db, 0)).settled;
    } finally {
      process.env.NETLIFY_API_URL = api.url;
    }
    expect(await db.selectFrom('cdn_purges').select('tag').where('tag', '=', tag).execute()).toEqual([{ tag }]);
    const from = api.calls.length;
    await drain(db);
    expect(purgesOf(callsSince(from), tag)).toHaveLength(2);
  });

  it('a purge the API never answers is given up on: the writer goes on, and the tags stay due', async () => {
    const db = getDb();
    const movie = await seeded(8);
    const tag = pageTags.title('movie', movie.tmdb_id);
    const from = api.calls.length;
    await db.updateTable('movies').set({ title: 'Never Answered' }).where('id', '=', movie.id).execute();
    api.failNext('no answer', tag);
    await (await purgeChangedPages(db, 0)).settled;
    expect(callsSince(from).filter((call) => call.tags?.includes(tag)).map((call) => call.status)).toEqual([0]);
    expect(await db.selectFrom('cdn_purges').select('tag').where('tag', '=', tag).execute()).toEqual([{ tag }]);
    await drain(db);
    expect(purgesOf(callsSince(from), tag)).toHaveLength(2);
  });

  it('a truncate, or more changes than a read takes, purges the whole site, within the same limit', async () => {
    const db = getDb();
    const from = api.calls.length;
    await db.insertInto('genres').columns(['id', 'name'])
      .expression(sql`select g, 'Restored ' || g from generate_series(1000000, ${1_000_000 + MAX_CHANGES_PER_READ}) g`).execute();
    await purgeChangedPages(db, 0);
    // Two more at once: the third purge of the site must wait for the window.
    for (let i = 0; i < 2; i++) {
      await sql`truncate tv_show_episodes`.execute(db);
      await purgeChangedPages(db, 0);
    }
    await drain(db);
    const calls = callsSince(from);
    expect(refused(calls)).toEqual([]);
    expect(calls.filter((call) => call.tags !== null)).toEqual([]);
    const site = wholeSitePurges(calls);
    expect(site.length).toBeGreaterThanOrEqual(3);
    expect(withinLimit(site)).toBe(true);
  });

  it('two purgers at once purge a change\'s tags once, and once again, not twice each', async () => {
    const db = getDb();
    const movie = await seeded(7);
    const from = api.calls.length;
    await db.updateTable('movies').set({ title: 'Raced For' }).where('id', '=', movie.id).execute();
    const purgers = await Promise.all([purgeChangedPages(db), purgeChangedPages(db)]);
    await Promise.all(purgers.map((purger) => purger.settled));
    await drain(db);
    const calls = callsSince(from);
    expect(refused(calls)).toEqual([]);
    const tags = new Set(calls.flatMap((call) => call.tags ?? []));
    expect(tags).toContain(pageTags.title('movie', movie.tmdb_id));
    for (const tag of tags) expect(purgesOf(calls, tag), tag).toHaveLength(2);
  });

  it('sends at most 100 tags a request, and every tag of the change before it resolves', async () => {
    const db = getDb();
    const movies = await Promise.all(Array.from({ length: 40 }, (_, i) => seeded(10 + i)));
    const from = api.calls.length;
    await db.updateTable('movies').set({ title: sql`title || ' (restored)'` }).where('id', 'in', movies.map((movie) => movie.id)).execute();
    const { settled } = await purgeChangedPages(db);
    const firstRound = callsSince(from);
    expect(firstRound.length).toBeGreaterThan(1);
    for (const movie of movies) expect(purgesOf(firstRound, pageTags.titleCard('movie', movie.tmdb_id))).toHaveLength(1);
    await settled;
    expect(callsSince(from).every((call) => call.tags !== null && call.tags.length <= TAGS_PER_REQUEST)).toBe(true);
    expect(refused(callsSince(from))).toEqual([]);
  });
}, {
  seed: async (db) => {
    await insertGenres(db);
    for (let i = 0; i < SEEDED_MOVIES; i++) await insertMovie(db, { tmdb_id: FIRST_TMDB_ID + i, genres: [28] });
    // The CDN holds nothing yet: the reader starts here (the first test makes a first read of its own).
    await recordProgress(db, CDN_READER, await currentSnapshot(db), 0);
  },
});
