/**
 * The publishing benchmark: the site built and served as `npm start` does (scripts/serve.ts --build), then, for each
 * kind of change (committed straight to the database, as any writer does), the pages whose content it changed, the
 * pages the publisher loaded and rendered for it, and how long after the commit a visitor fetching those pages is
 * first served each one as it now is (p50 and max). Issue 35's targets: ≤ 2 s to the last affected page, a no-change
 * publish ≤ 1 s, pages rendered ≤ 1.1 × pages changed.
 *
 * Each change is made three times: once to learn which pages it changes (the publisher's journal says which pages it
 * rewrote or removed, the change log's tags which pages it loaded), undone, then made again while a visitor fetches
 * those pages, and undone once more so that the next change starts from the same catalogue. A last row restarts the
 * site and times the sync again as its first change, before any publish has warmed the code.
 */
import { randomBytes } from 'node:crypto';
import { stat, open } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { updateMovieLinks } from '../../src/lib/admin/titles.ts';
import { NODE_READER_PREFIX } from '../../src/lib/publishing/catalogue-changes.ts';
import { addMarker, currentSnapshot, readChangesSince, waitForReaders } from '../../src/lib/publishing/change-log.ts';
import { tagsOfChanges } from '../../src/lib/publishing/change-tags.ts';
import { EVERYTHING } from '../../src/lib/pages/page-tags.ts';
import { JOURNAL_FILE, replayJournal, type JournalPage } from '../../src/lib/publishing/publish-journal.ts';
import { freePort } from './ports.ts';
import { stopProcess } from './processes.ts';
import { BUILD_AND_START_TIMEOUT_MS, serveSite, waitForSite } from './site.ts';

type Db = Kysely<Database>;

/** A change and its undoing. */
interface BenchChange { label: string; make(): Promise<void>; undo(): Promise<void> }

/** What a change did to the pages. */
interface Effect { changed: Set<string>; gone: Set<string>; added: Set<string>; loaded: number }

/** How long the publisher may take to settle a change before the benchmark gives up. */
const SETTLE_TIMEOUT_MS = 10 * 60_000;
/** How long a visitor waits for a page to be current before the benchmark gives up (and names the page). */
const VISITOR_TIMEOUT_MS = 60_000;
/** Pages a visitor fetches at once. */
const VISITOR_CONCURRENCY = 8;
const TARGET_MS = 2_000;

/** Resolves once every change committed so far is on the served pages. */
async function published(db: Db): Promise<number> {
  const started = performance.now();
  if (!await waitForReaders(db, NODE_READER_PREFIX, await addMarker(db), SETTLE_TIMEOUT_MS, 'settled')) {
    throw new Error(`The publisher did not settle within ${SETTLE_TIMEOUT_MS / 1000} s.`);
  }
  return performance.now() - started;
}

/** The journal's lines appended since byte `offset`: pages rewritten (with their ETag) and pages removed. */
async function journalSince(outDir: string, offset: number): Promise<{ pages: Map<string, string | null>; gone: Set<string> }> {
  const file = await open(join(outDir, JOURNAL_FILE));
  try {
    const { size } = await file.stat();
    const buffer = Buffer.alloc(size - offset);
    await file.read(buffer, 0, buffer.length, offset);
    const pages = new Map<string, string | null>();
    const gone = new Set<string>();
    for (const raw of buffer.toString('utf8').split('\n')) {
      if (!raw) continue;
      const line = JSON.parse(raw) as { page?: string; etag?: string | null; gone?: string };
      if (line.page) {
        pages.set(line.page, line.etag ?? null);
        gone.delete(line.page);
      } else if (line.gone) {
        gone.add(line.gone);
        pages.delete(line.gone);
      }
    }
    return { pages, gone };
  } finally {
    await file.close();
  }
}

/** Where the journal and the change log are before a change: what it did is read from there on. */
interface Mark { before: Map<string, JournalPage>; offset: number; snapshot: string }

async function mark(db: Db, outDir: string): Promise<Mark> {
  return { before: (await replayJournal(outDir)).pages, offset: (await stat(join(outDir, JOURNAL_FILE))).size, snapshot: await currentSnapshot(db) };
}

/** What the changes committed since `mark` did, once published: from the journal, and the change log's tags. */
async function effectSince(db: Db, outDir: string, { before, offset, snapshot }: Mark): Promise<Effect> {
  const { pages, gone } = await journalSince(outDir, offset);
  const batch = await readChangesSince(db, snapshot);
  const tags = batch.tooMany ? new Set([EVERYTHING]) : await tagsOfChanges(db, batch.changes);
  let loaded = 0;
  for (const { tags: pageTags } of before.values()) if (tags.has(EVERYTHING) || pageTags.some((tag) => tags.has(tag))) loaded++;
  const changed = new Set<string>();
  const added = new Set<string>();
  for (const [path, etag] of pages) {
    if (!before.has(path)) added.add(path);
    else if (before.get(path)!.etag !== etag) changed.add(path);
  }
  return { changed, gone, added, loaded: loaded + added.size };
}

/** Makes `change` and reads what it did. */
async function effectOf(db: Db, outDir: string, change: BenchChange): Promise<Effect> {
  const at = await mark(db, outDir);
  await change.make();
  await published(db);
  return effectSince(db, outDir, at);
}

const pagesOf = (effect: Effect) => [...effect.changed, ...effect.gone, ...effect.added];

/** A page as a visitor is served it; the file's ETag tells a rewritten file whose HTML came out the same. */
interface Served { status: number; etag: string | null; body: string }

async function fetchPage(origin: string, path: string): Promise<Served> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachAtOnce<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

/**
 * Makes `change` while a visitor fetches every page `expected` says it changes over and over: milliseconds from the
 * commit to the publisher's word that every page is current, and to each page's first answer showing it as it now is
 * (a changed page's new file, a removed page's 404 or redirect, a new page's 200), or to that word if it came first.
 * The visitor holds the word to account: a page asked after it and answered as it was throws. A page this time's
 * change left as it was (a date already today's) is let go once the publisher has settled.
 *
 * The word caps the first answers because the visitor comes back late: a page it saw as it was, before the publisher
 * read the change, is asked again only after every other page (8 at once, each waiting for its page's renewal). At
 * 1,000 movies the sync's last page was seen old at 0.17 s and asked again at 1.97 s, 0.28 s after the publisher had
 * settled.
 */
async function visitorDelays(db: Db, origin: string, outDir: string, change: BenchChange, expected: Effect) {
  const old = new Map<string, Served>();
  await eachAtOnce([...expected.changed], VISITOR_CONCURRENCY, async (path) => { old.set(path, await fetchPage(origin, path)); });
  const isCurrent = (path: string, served: Served) => {
    if (expected.gone.has(path)) return served.status !== 200;
    if (expected.added.has(path)) return served.status === 200;
    const before = old.get(path)!;
    return served.status === 200 && (served.etag !== before.etag || served.body !== before.body);
  };
  const firstCurrent = new Map<string, number>();
  const oldAnswers: { path: string; asked: number }[] = [];
  const at = await mark(db, outDir);
  await change.make();
  const committed = performance.now();
  const outcome: { effect?: Effect; pages?: Set<string> } = {};
  const settled = published(db).then(async () => {
    const settledMs = performance.now() - committed;
    outcome.effect = await effectSince(db, outDir, at);
    outcome.pages = new Set(pagesOf(outcome.effect));
    return settledMs;
  });
  // Each fetch takes the page that has waited longest; a page still old goes to the back.
  const pending = pagesOf(expected);
  await Promise.all(Array.from({ length: VISITOR_CONCURRENCY }, async () => {
    for (let path = pending.shift(); path !== undefined; path = pending.shift()) {
      if (performance.now() - committed > VISITOR_TIMEOUT_MS) throw new Error(`${change.label}: ${pending.length + 1} pages still old after ${VISITOR_TIMEOUT_MS / 1000} s: ${path}…`);
      if (outcome.pages && !outcome.pages.has(path)) continue;
      const asked = performance.now() - committed;
      if (isCurrent(path, await fetchPage(origin, path))) firstCurrent.set(path, performance.now() - committed);
      else {
        oldAnswers.push({ path, asked });
        pending.push(path);
      }
    }
  }));
  const settledMs = await settled;
  const stale = oldAnswers.find(({ path, asked }) => asked > settledMs && outcome.pages!.has(path));
  if (stale) throw new Error(`${change.label}: ${stale.path} was served as it was when asked at ${formatMs(stale.asked)}, after the publisher settled (${formatMs(settledMs)})`);
  const delays = [...firstCurrent.values()].map((ms) => Math.min(ms, settledMs));
  return { delays: delays.sort((a, b) => a - b), settledMs, effect: outcome.effect! };
}

/** The changes the issue names, on the catalogue as seeded; the sync is the heaviest. */
async function benchChanges(db: Db): Promise<{ changes: BenchChange[]; sync: BenchChange }> {
  const popular = await db.selectFrom('movies').select(['id', 'title', 'stream_url', 'download_url']).where('is_published', '=', true)
    .orderBy('popularity', 'desc').orderBy('id').executeTakeFirstOrThrow();
  const biggestGenre = await db.selectFrom('movie_genres').innerJoin('movies', 'movies.id', 'movie_genres.movie_id')
    .select(['movie_genres.genre_id', (eb) => eb.fn.countAll<number>().as('count')]).where('movies.is_published', '=', true)
    .groupBy('movie_genres.genre_id').orderBy('count', 'desc').orderBy('movie_genres.genre_id').executeTakeFirstOrThrow();
  const topRated = await db.selectFrom('movies').innerJoin('movie_genres', 'movie_genres.movie_id', 'movies.id')
    .select('movies.id').where('movie_genres.genre_id', '=', biggestGenre.genre_id).where('movies.is_published', '=', true)
    .orderBy('movies.vote_average', 'desc').orderBy('movies.vote_count', 'desc').orderBy('movies.id').executeTakeFirstOrThrow();
  // The most credited actor among the top-billed: the rename that reaches the most pages.
  const castMember = await db.selectFrom('movie_credits').innerJoin('people', 'people.id', 'movie_credits.person_id')
    .select(['people.id', 'people.name', (eb) => eb.fn.countAll<number>().as('credits')]).where('movie_credits.credit_order', '<', 5)
    .groupBy(['people.id', 'people.name']).orderBy('credits', 'desc').orderBy('people.id').executeTakeFirstOrThrow();
  // A sync stores new ratings, vote counts and overviews for titles across the catalogue.
  const synced = await db.selectFrom('movies').select(['id', 'overview', 'vote_average', 'vote_count', 'popularity'])
    .where('is_published', '=', true).where(sql<boolean>`id % 7 = 3`).orderBy('id').limit(100).execute();
  const ids = synced.map((movie) => movie.id);
  const restoreSynced = () => db.transaction().execute(async (trx) => {
    for (const movie of synced) {
      await trx.updateTable('movies').set({ overview: movie.overview, vote_average: movie.vote_average, vote_count: movie.vote_count, popularity: movie.popularity })
        .where('id', '=', movie.id).execute();
    }
  });
  let edits = 0;
  let syncs = 0;
  const sync: BenchChange = {
    label: `sync of ${ids.length} changed titles`,
    // A new overview each time, as a real sync brings text no earlier render made; the same moves of the ratings,
    // which pages show them and in which order.
    make: () => db.transaction().execute(async (trx) => {
      await trx.updateTable('movies').set((eb) => ({
        overview: sql`coalesce(${eb.ref('overview')}, '') || ${` (updated, sync ${++syncs})`}`,
        vote_average: sql`least(10, ${eb.ref('vote_average')} + 0.1)`,
        vote_count: sql`${eb.ref('vote_count')} + 25`,
        popularity: sql`${eb.ref('popularity')} * 1.05`,
      })).where('id', 'in', ids).execute();
    }),
    undo: restoreSynced,
  };
  const changes = [
    {
      label: 'link edit',
      make: async () => { await updateMovieLinks(db, popular.id, { streamUrl: `https://stream.example/bench-${++edits}`, downloadUrl: popular.download_url }); },
      undo: async () => { await updateMovieLinks(db, popular.id, { streamUrl: popular.stream_url, downloadUrl: popular.download_url }); },
    },
    {
      label: 'title rename',
      make: async () => { await db.updateTable('movies').set({ title: `${popular.title} Redux` }).where('id', '=', popular.id).execute(); },
      undo: async () => { await db.updateTable('movies').set({ title: popular.title }).where('id', '=', popular.id).execute(); },
    },
    {
      label: 'takedown of the top-rated of the biggest genre',
      make: async () => { await db.updateTable('movies').set({ is_published: false }).where('id', '=', topRated.id).execute(); },
      undo: async () => { await db.updateTable('movies').set({ is_published: true }).where('id', '=', topRated.id).execute(); },
    },
    {
      label: `cast member renamed (${castMember.credits} credits)`,
      make: async () => { await db.updateTable('people').set({ name: `${castMember.name} Jr.` }).where('id', '=', castMember.id).execute(); },
      undo: async () => { await db.updateTable('people').set({ name: castMember.name }).where('id', '=', castMember.id).execute(); },
    },
    sync,
    {
      // What TMDB's daily sync mostly brings: popularity moves, votes come in, a rating moves in its second decimal.
      label: `daily drift of ${ids.length} titles`,
      make: () => db.transaction().execute(async (trx) => {
        await trx.updateTable('movies').set((eb) => ({
          vote_average: sql`least(10, ${eb.ref('vote_average')} + 0.004)`,
          vote_count: sql`${eb.ref('vote_count')} + 3`,
          popularity: sql`${eb.ref('popularity')} * 1.02`,
        })).where('id', 'in', ids).execute();
      }),
      undo: restoreSynced,
    },
    { label: 'no change', make: async () => {}, undo: async () => {} },
  ];
  return { changes, sync };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]! : 0;
}

const formatMs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Makes `change` again while a visitor watches the pages `expected` says it changes, undoes it, and prints its row. */
async function measureRow(db: Db, origin: string, outDir: string, change: BenchChange, expected: Effect, label: string) {
  const { delays, settledMs, effect } = await visitorDelays(db, origin, outDir, change, expected);
  await change.undo();
  await published(db);
  const unwatched = pagesOf(effect).filter((path) => !pagesOf(expected).includes(path)).length;
  const changed = pagesOf(effect).length;
  const rendered = effect.changed.size + effect.added.size;
  const late = delays.some((delay) => delay > TARGET_MS) ? ' ✗' : '';
  console.log(`| ${label} | ${changed} | ${effect.loaded} | ${rendered} | ${formatMs(percentile(delays, 0.5))} | ${formatMs(delays.at(-1) ?? 0)}${late} | ${formatMs(settledMs)} |${unwatched ? ` (${unwatched} changed pages not timed)` : ''}`);
}

/**
 * Builds and serves the catalogue in `env`'s database (EMBEDDED_DB_PORT) into `outDir` (inside the project), then
 * prints one row per change, and the sync's after a restart.
 */
export async function measurePublishing(db: Db, outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env, ASTRO_OUT_DIR: outDir, AUTH_SECRET: randomBytes(33).toString('base64'), SITE_URL: origin,
    HOST: '127.0.0.1', PORT: String(port), REBUILD_SCHEDULE: 'off' };
  let started = performance.now();
  let server = serveSite(serverEnv, { build: true });
  try {
    await waitForSite(origin, server, BUILD_AND_START_TIMEOUT_MS);
    const pages = (await replayJournal(outDir)).pages.size;
    console.log(`${'full build and start (as npm start does)'.padEnd(44)} ${formatMs(performance.now() - started).padStart(9)} (${pages} pages)`);
    await stopProcess(server);
    started = performance.now();
    server = serveSite(serverEnv, { build: true });
    await waitForSite(origin, server, BUILD_AND_START_TIMEOUT_MS);
    console.log(`${'restart, same code (pages kept)'.padEnd(44)} ${formatMs(performance.now() - started).padStart(9)}`);

    console.log(`\n| Change | Pages changed | Pages loaded (304 when unchanged) | Pages rendered | Last page current, p50 | max | Publisher settled |`);
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    const { changes, sync } = await benchChanges(db);
    let syncExpected: Effect | undefined;
    for (const change of changes) {
      const expected = await effectOf(db, outDir, change);
      if (change === sync) syncExpected = expected;
      await change.undo();
      await published(db);
      await measureRow(db, origin, outDir, change, expected, change.label);
    }
    // The rows above ran warm code: each change was made once before it was timed. A restart's first publish is not.
    await stopProcess(server);
    server = serveSite(serverEnv, { build: true });
    await waitForSite(origin, server, BUILD_AND_START_TIMEOUT_MS);
    await measureRow(db, origin, outDir, sync, syncExpected!, `${sync.label}, the first change after a restart`);
  } finally {
    await stopProcess(server);
  }
}
