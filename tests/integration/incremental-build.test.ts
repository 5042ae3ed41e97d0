/**
 * Incremental rebuilds (src/lib/rebuild/local-builder.ts: the page builder's republish, republish.ts, and Astro's
 * incremental build, with src/lib/rebuild/page-cache-key.ts and src/lib/compression/precompress.ts): after any
 * sequence of admin changes, made with the domain functions the admin endpoints call, the output the server serves
 * equals a fresh full build of the same database, file for file: pages, fragments, sitemaps and precompressed
 * variants. The served build is npm start's (buildServedOutput), and the first run republishes it in place. Runs
 * alternate: most republish in place with the page builder that ran the last build; every third stops it first, as
 * a server whose page builder died does, so a new one builds incrementally beside the served build.
 *
 * Declared build stamps that may differ: `.build-start` (BUILD_START_FILE: when each build began reading the
 * database, never served), the copy of Astro's manifest that the next rebuild links pages by (MANIFEST_COPY, never
 * served; its entries are in the order the pages were done), and the previous build's hashed assets (`_astro/`) that the swap keeps for pages the
 * running server renders with its older code, so `_astro/` files present only in the incremental output are allowed
 * (there are none while the code does not change, as here).
 *
 * A tiny seeded catalogue on the embedded database, the same server `npm start` uses; every build is a real
 * `astro build` (a full one per run), hence few runs.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, watch } from 'node:fs';
import { join, relative } from 'node:path';
import type { Kysely } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createDb } from '../../db/connect.ts';
import { startEmbeddedServer, type EmbeddedServer } from '../../db/embedded-server.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { ContentType, Database } from '../../db/schema.ts';
import { deleteTitles, setPublished, updateMovieLinks, updateShow } from '../../src/lib/admin/titles.ts';
import { updateEpisode } from '../../src/lib/admin/episodes.ts';
import { createBackup, type Backup } from '../../src/lib/backup/backup.ts';
import { restoreBackup } from '../../src/lib/backup/restore.ts';
import { seedDemoCatalogue } from '../../src/lib/demo/seed.ts';
import { astroBuild, buildAndSwap, buildServedOutput, stopPageBuilder } from '../../src/lib/rebuild/local-builder.ts';
import { MANIFEST_COPY } from '../../src/lib/rebuild/link-unchanged-pages.ts';
import { createTmdbClient, type TmdbClient } from '../../src/lib/tmdb/client.ts';
import { addTitle, personDetails } from '../../src/lib/tmdb/actions.ts';
import { BUILD_START_FILE } from '../../src/lib/publishing/static-pages.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { POPULAR_MOVIE_IDS, POPULAR_SHOW_IDS } from '../support/tmdb-fixtures/index.ts';
import { freePort } from '../support/ports.ts';

const BUILD_MS = 10 * 60_000;
const CHANGES = ['add', 'links', 'publish', 'unpublish', 'delete', 'show', 'episode', 'person', 'restore'] as const;
interface Change { kind: (typeof CHANGES)[number]; type: ContentType; pick: number }

// Inside the project: a build outside it cannot resolve the project's packages.
const work = mkdtempSync(join(process.cwd(), 'node_modules', '.cache-incremental-'));
const served = join(work, 'served');
let server: EmbeddedServer;
let db: Kysely<Database>;
let tmdb: Awaited<ReturnType<typeof startFakeTmdb>>;
let client: TmdbClient;
let backup: Backup;

beforeAll(async () => {
  const port = await freePort();
  server = await startEmbeddedServer({ dataDir: join(work, 'pglite'), port });
  db = await createDb({ kind: 'embedded', port });
  await migrateToLatest(db);
  await seedDemoCatalogue(db, { movies: 10, shows: 3, people: 30, seed: 19 });
  tmdb = await startFakeTmdb();
  client = createTmdbClient({ apiKey: tmdb.apiKey, baseUrl: tmdb.baseUrl, backoffMs: 10, requestsPerSecond: 200 });
  backup = await createBackup(db);
  // The builds (child processes) read the same database and keep their cache here.
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('NETLIFY_DATABASE_URL', '');
  vi.stubEnv('EMBEDDED_DB_PORT', String(port));
  vi.stubEnv('ASTRO_CACHE_DIR', join(work, 'cache'));
  vi.stubEnv('SITE_URL', 'http://localhost:4321');
  await buildServedOutput(served, { keepPageBuilder: true });
}, BUILD_MS);

afterAll(async () => {
  stopPageBuilder();
  vi.unstubAllEnvs();
  await db?.destroy();
  await server?.stop();
  await tmdb?.close();
  rmSync(work, { recursive: true, force: true });
});

async function pickId(table: 'movies' | 'tv_shows' | 'tv_show_episodes', pick: number): Promise<number | undefined> {
  const rows = await db.selectFrom(table).select('id').orderBy('id').execute();
  return rows.length ? rows[pick % rows.length]!.id : undefined;
}

const titleTable = (type: ContentType) => (type === 'movie' ? 'movies' : 'tv_shows');

async function apply({ kind, type, pick }: Change): Promise<void> {
  switch (kind) {
    case 'add': {
      const ids = type === 'movie' ? POPULAR_MOVIE_IDS : POPULAR_SHOW_IDS;
      await addTitle(db, client, type, { tmdbId: ids[pick % ids.length]! });
      return;
    }
    case 'links': {
      const id = await pickId('movies', pick);
      if (id !== undefined) await updateMovieLinks(db, id, { streamUrl: `https://stream.example/${pick}`, downloadUrl: pick % 2 ? null : `https://download.example/${pick}` });
      return;
    }
    case 'publish':
    case 'unpublish': {
      const id = await pickId(titleTable(type), pick);
      if (id !== undefined) await setPublished(db, type, [id], kind === 'publish');
      return;
    }
    case 'delete': {
      const id = await pickId(titleTable(type), pick);
      if (id !== undefined) await deleteTitles(db, type, [id]);
      return;
    }
    case 'show': {
      const id = await pickId('tv_shows', pick);
      if (id !== undefined) await updateShow(db, { id, trailerKey: pick % 3 ? `trailer${pick}` : null });
      return;
    }
    case 'episode': {
      const id = await pickId('tv_show_episodes', pick);
      if (id !== undefined) {
        await updateEpisode(db, id, { name: `Episode ${pick}`, overview: `Edited ${pick}.`, streamUrl: `https://stream.example/e${pick}`, downloadUrl: null });
      }
      return;
    }
    case 'person': {
      // Imported people come with names only; the public person lookup fetches and keeps their details.
      const people = await db.selectFrom('people').select('id').where('biography', 'is', null).orderBy('id').execute();
      const person = people[pick % Math.max(people.length, 1)];
      if (person) await personDetails(db, client, person.id, '127.0.0.1').catch(() => {});
      return;
    }
    case 'restore':
      await restoreBackup(db, backup, 'replace');
  }
}

/** Relative path -> content hash of every file under `root`. */
function listing(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return files;
}

/** Pages of `build` that are the same file (inode) as in `previous`. */
function pagesSharedWith(previous: string, build: string): number {
  return readdirSync(build, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .filter((entry) => {
      const path = relative(build, join(entry.parentPath, entry.name));
      return existsSync(join(previous, path)) && statSync(join(previous, path)).ino === statSync(join(build, path)).ino;
    }).length;
}

/** Files that differ between the two outputs, but for the declared stamps (build records, kept older assets). */
function differences(incremental: Map<string, string>, full: Map<string, string>): string[] {
  const paths = new Set([...incremental.keys(), ...full.keys()]);
  return [...paths].filter((path) => path !== BUILD_START_FILE && path !== MANIFEST_COPY && incremental.get(path) !== full.get(path))
    .filter((path) => !(path.startsWith('_astro/') && !full.has(path)))
    .map((path) => `${path}: ${incremental.has(path) ? (full.has(path) ? 'differs' : 'only incremental') : 'only full'}`)
    .sort();
}

/** The files of a fresh full build of the database as it is now (its own, empty cache), as `listing` gives them. */
async function freshFullBuild(name: string): Promise<Map<string, string>> {
  const full = join(work, name);
  try {
    await astroBuild(join(full, 'out'), { ASTRO_CACHE_DIR: join(full, 'cache') });
    return listing(join(full, 'out', 'client'));
  } finally {
    rmSync(full, { recursive: true, force: true });
  }
}

const change = fc.record({ kind: fc.constantFrom(...CHANGES), type: fc.constantFrom<ContentType>('movie', 'tv'), pick: fc.nat(999) });

it('after any sequence of admin changes, the republished or rebuilt site equals a fresh full build, file for file', async () => {
  let run = 0;
  await fc.assert(fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
    run++;
    const restarted = run % 3 === 0;
    if (restarted) stopPageBuilder();
    for (const each of changes) await apply(each);
    const previous = realpathSync(join(served, 'client'));
    const summary = await buildAndSwap({ outDir: served });
    const full = await freshFullBuild(`full-${run}`);
    const context = JSON.stringify({ changes, restarted });
    expect(differences(listing(join(served, 'client')), full), context).toEqual([]);
    // Not a full build in disguise: a few changes leave most pages as they were.
    expect(summary!.reused, context).toBeGreaterThan(0);
    if (restarted) {
      // A new build, whose reused pages are the served build's own files, linked (link-unchanged-pages.ts).
      expect(pagesSharedWith(previous, join(served, 'client')), context).toBeGreaterThan(0);
    } else {
      // Republished in place: the served build is the one served before.
      expect(realpathSync(join(served, 'client')), context).toBe(previous);
    }
  }), { numRuns: 3, seed: 19, endOnFailure: true });
}, 3 * BUILD_MS);

it('a page builder killed in the middle of a republish leaves a build that the next rebuild makes whole', async () => {
  const changes: Change[] = [{ kind: 'unpublish', type: 'movie', pick: 3 }, { kind: 'links', type: 'movie', pick: 5 }];
  for (const each of changes) await apply(each);
  const client = realpathSync(join(served, 'client'));
  // The republish sets the build's records aside before it changes a file: killed then, as a crash would.
  const watcher = watch(client, (_event, name) => {
    if (name === MANIFEST_COPY && !existsSync(join(client, MANIFEST_COPY))) stopPageBuilder();
  });
  try {
    await expect(buildAndSwap({ outDir: served })).rejects.toThrow('The page builder exited during a republish');
  } finally {
    watcher.close();
  }
  const summary = await buildAndSwap({ outDir: served });
  expect(differences(listing(join(served, 'client')), await freshFullBuild('full-after-kill'))).toEqual([]);
  // The cache outlived the kill: the new build rendered only what it could not trust.
  expect(summary!.reused).toBeGreaterThan(0);
}, 3 * BUILD_MS);

it('a route that had no page when the page builder built keeps the pages its republishes give it', async () => {
  // The seeded catalogue has no franchise: a new page builder's build records no franchise route.
  stopPageBuilder();
  await restoreBackup(db, backup, 'replace');
  await buildAndSwap({ outDir: served });
  const movie = await db.selectFrom('movies').select('id').where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('collections').values({ id: 4242, name: 'Republished Saga', overview: null, poster_path: null, backdrop_path: null }).execute();
  await db.updateTable('movies').set({ collection_id: 4242 }).where('id', '=', movie.id).execute();
  await buildAndSwap({ outDir: served });
  // Another edit: the franchise route's rows are as they were, so this republish reuses its records.
  await apply({ kind: 'links', type: 'movie', pick: 1 });
  await buildAndSwap({ outDir: served });
  expect(existsSync(join(served, 'client', 'franchise', '4242', 'republished-saga', 'index.html'))).toBe(true);
  expect(differences(listing(join(served, 'client')), await freshFullBuild('full-new-route'))).toEqual([]);
}, 3 * BUILD_MS);
