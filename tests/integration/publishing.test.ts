/**
 * Publishing by what each page shows (src/lib/publishing/), on the site as `npm start` serves it: after every
 * generated sequence of catalogue changes, of every kind and writer (tests/support/catalogue-changes.ts), the pages the
 * publisher has are exactly those of a fresh build of the database, each showing what a fresh build's would; traffic
 * renders nothing; changes may be committed while the publisher renews the pages of the last; once, the changes are
 * made while the server is down; and at the end what HTTP serves equals what a fresh full build serves, page for page,
 * and another build in the same checkout leaves the served site publishing.
 *
 * The seed is new on every run and printed: PUBLISHING_SEED=<seed> replays a failure (PUBLISHING_RUNS: how many).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import { serveSite, waitForSite } from '../../scripts/lib/site.ts';
import { createBackup, type Backup } from '../../src/lib/backup/backup.ts';
import { replayJournal } from '../../src/lib/publishing/publish-journal.ts';
import { applyChange, catalogueChange, isTrafficOnly } from '../support/catalogue-changes.ts';
import { freePort } from '../support/ports.ts';
import { differencesFromFresh, read, settled, SITE_START_MS, startPublishedSite, type PublishedSite } from '../support/published-site.ts';
import { run } from '../../scripts/lib/processes.ts';
import { readdirSync } from 'node:fs';

/** The URL paths of a build's pages and endpoints, from its client directory. */
function pagesIn(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && (entry.name === 'index.html' || /\.(xml|txt)$/.test(entry.name)) && !entry.parentPath.includes('_astro'))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name).slice(clientDir.length);
      return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) || '/' : path;
    });
}

const RUNS = Number(process.env.PUBLISHING_RUNS ?? 50);
const SEED = Number(process.env.PUBLISHING_SEED ?? Math.floor(Math.random() * 2 ** 31));

let site: PublishedSite;
let backup: Backup;
let userId: string;

beforeAll(async () => {
  site = await startPublishedSite({ movies: 36, shows: 8, people: 90 });
  backup = await createBackup(site.db);
  userId = (await site.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  // What the test leans on: franchises, platforms, and people with a single credit.
  const singles = await site.db.selectFrom('movie_credits').select('person_id').groupBy('person_id').having((eb) => eb.fn.countAll(), '=', 1).execute();
  expect(singles.length).toBeGreaterThan(0);
  expect(await site.db.selectFrom('movies').select('id').where('collection_id', 'is not', null).executeTakeFirst()).toBeDefined();
  expect(await site.db.selectFrom('movie_providers').select('movie_id').executeTakeFirst()).toBeDefined();
}, SITE_START_MS);

afterAll(async () => {
  await site?.stop();
});

it(`after each sequence of changes, every page is what a fresh build would show (${RUNS} runs)`, async () => {
  console.log(`[publishing] property test seed ${SEED}: replay with PUBLISHING_SEED=${SEED}`);
  await settled(site.db);
  expect(await differencesFromFresh(site)).toEqual([]);
  let run = 0;
  await fc.assert(fc.asyncProperty(fc.array(catalogueChange, { minLength: 1, maxLength: 4 }), fc.boolean(), async (changes, duringPublishing) => {
    const journalBefore = (await replayJournal(site.outDir)).pages;
    const apply = async () => {
      for (const [index, change] of changes.entries()) {
        await applyChange(site.db, change, { backup, userId });
        // Each next change committed while the publisher renews the pages of the last (it has read it).
        if (duringPublishing && index < changes.length - 1) await read(site.db);
      }
    };
    // Once, halfway: the changes are made while the server is down, and the restart keeps the pages it can.
    if (++run === Math.ceil(RUNS / 2)) await site.restart(apply);
    else await apply();
    await settled(site.db);
    expect(await differencesFromFresh(site), JSON.stringify({ changes, duringPublishing })).toEqual([]);
    if (isTrafficOnly(changes)) {
      // Views and ratings are in no static page: nothing was rendered again.
      expect((await replayJournal(site.outDir)).pages, JSON.stringify(changes)).toEqual(journalBefore);
    }
  }), { seed: SEED, numRuns: RUNS, endOnFailure: true });
}, 40 * 60_000);

it('what HTTP serves equals what a fresh full build of the same database serves, page for page', async () => {
  await settled(site.db);
  const freshOut = join(site.outDir, '..', 'fresh');
  await run('npx', ['astro', 'build'], { ...site.env, ASTRO_OUT_DIR: freshOut });
  const port = await freePort();
  const fresh = serveSite({ ...site.env, ASTRO_OUT_DIR: freshOut, PORT: String(port) });
  const freshOrigin = `http://127.0.0.1:${port}`;
  try {
    await waitForSite(freshOrigin, fresh, SITE_START_MS);
    const freshPages = pagesIn(join(freshOut, 'client'));
    expect(freshPages.length).toBeGreaterThan(50);
    const paths = new Set([...(await replayJournal(site.outDir)).pages.keys(), ...freshPages]);
    const differing: string[] = [];
    for (const path of paths) {
      for (const encoding of ['br', 'identity']) {
        const [ours, theirs] = await Promise.all([site.origin, freshOrigin].map((origin) => fetch(origin + path, { headers: { 'Accept-Encoding': encoding }, redirect: 'manual' })));
        // fetch decodes what it is sent: what is compared is what a browser shows.
        const [a, b] = await Promise.all([ours!, theirs!].map(async (response) =>
          `${response.status} ${response.headers.get('content-type')} ${response.headers.get('location')}\n${await response.text()}`));
        if (a !== b) differing.push(`${path} (${encoding})`);
      }
    }
    expect(differing).toEqual([]);
  } finally {
    fresh.kill('SIGTERM');
  }
  // That build ran in the same checkout, with the same cache directory: the served site still publishes every change.
  for (const change of [{ kind: 'unpublish', type: 'movie', pick: 3 }, { kind: 'rename-person', type: 'movie', pick: 5, name: 'After Another Build' }] as const) {
    await applyChange(site.db, change, { backup, userId });
  }
  await settled(site.db);
  expect(await differencesFromFresh(site)).toEqual([]);
}, SITE_START_MS);

it('a page the publisher renews is sent brotli-compressed once it has no page left to render, and never a variant of its old content', async () => {
  const before = (await replayJournal(site.outDir)).pages;
  await applyChange(site.db, { kind: 'rename-person', type: 'movie', pick: 7, name: 'Compressed Once Idle' }, { backup, userId });
  await settled(site.db);
  const renewed = [...(await replayJournal(site.outDir)).pages]
    .filter(([path, page]) => before.get(path)?.etag !== page.etag && !/\.\w+$/.test(path)).map(([path]) => path);
  expect(renewed.length).toBeGreaterThan(1);
  const served = (path: string, encoding: string) => fetch(site.origin + path, { headers: { 'Accept-Encoding': encoding } });
  for (const path of renewed) {
    await expect.poll(async () => (await served(path, 'br')).headers.get('content-encoding'), { timeout: 10_000 }).toBe('br');
    const [compressed, identity] = await Promise.all(['br', 'identity'].map(async (encoding) => (await served(path, encoding)).text()));
    expect(compressed, path).toBe(identity);
  }
});
