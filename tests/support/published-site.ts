/**
 * A site served as `npm start` serves it (scripts/serve.ts --build: the page builder builds and then publishes) on a
 * fresh embedded database with a small demo catalogue, for the publishing tests; and what those tests check of it.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createDb } from '../../db/connect.ts';
import { startEmbeddedServer } from '../../db/embedded-server.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import { stopProcess } from '../../scripts/lib/processes.ts';
import { serveSite, waitForSite } from '../../scripts/lib/site.ts';
import { seedDemoCatalogue } from '../../src/lib/demo/seed.ts';
import { CATALOGUE_PAGES } from '../../src/lib/pages/index.ts';
import { pathOf } from '../../src/lib/pages/catalogue-page.ts';
import { addMarker, waitForReaders } from '../../src/lib/publishing/change-log.ts';
import { NODE_READER_PREFIX } from '../../src/lib/publishing/catalogue-changes.ts';
import { pageEtag } from '../../src/lib/publishing/page-answer.ts';
import { pageFile } from '../../src/lib/publishing/page-files.ts';
import { replayJournal } from '../../src/lib/publishing/publish-journal.ts';
import { freePort } from './ports.ts';

export interface PublishedSite {
  origin: string;
  outDir: string;
  db: Kysely<Database>;
  dbPort: number;
  server: ChildProcess;
  env: NodeJS.ProcessEnv;
  /** Stops the server, lets `meanwhile` change the database, and starts it again (it keeps the pages it can). */
  restart(meanwhile: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** A full build takes minutes on a busy 2-core machine. */
export const SITE_START_MS = 15 * 60_000;

export async function startPublishedSite(size: { movies: number; shows: number; people: number }): Promise<PublishedSite> {
  // Inside the project, so the built server resolves node_modules.
  mkdirSync('.e2e', { recursive: true });
  const workDir = mkdtempSync(join(process.cwd(), '.e2e', 'publishing-'));
  const dbPort = await freePort();
  const database = await startEmbeddedServer({ dataDir: join(workDir, 'pglite'), port: dbPort });
  const db = await createDb({ kind: 'embedded', port: dbPort });
  await migrateToLatest(db);
  await seedDemoCatalogue(db, { ...size, accounts: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const outDir = join(workDir, 'dist');
  const env = { EMBEDDED_DB_PORT: String(dbPort), ASTRO_OUT_DIR: outDir, SITE_URL: origin, HOST: '127.0.0.1', PORT: String(port), REBUILD_SCHEDULE: 'off' };
  const site: PublishedSite = {
    origin, outDir, db, dbPort, env,
    server: serveSite(env, { build: true }),
    async restart(meanwhile) {
      await stopProcess(site.server);
      await meanwhile();
      // Down long enough for its reader to be taken for gone (LIVE_READER_SECONDS): a writer's wait after the restart
      // must count the new publisher all the same.
      await read(db);
      site.server = serveSite(env, { build: true });
      await waitForSite(origin, site.server, SITE_START_MS);
    },
    async stop() {
      await stopProcess(site.server);
      await db.destroy();
      await database.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
  await waitForSite(origin, site.server, SITE_START_MS);
  return site;
}

/** Resolves once the site's publisher has read every change committed before this call (and begun to publish it). */
export async function read(db: Kysely<Database>, timeoutMs = 60_000): Promise<void> {
  if (!(await waitForReaders(db, NODE_READER_PREFIX, await addMarker(db), timeoutMs, 'read'))) {
    throw new Error(`The publisher did not read the change log within ${timeoutMs / 1000} s.`);
  }
}

/** Resolves once the site's publisher has published every change committed before this call. */
export async function settled(db: Kysely<Database>, timeoutMs = 120_000): Promise<void> {
  if (!(await waitForReaders(db, NODE_READER_PREFIX, await addMarker(db), timeoutMs, 'settled'))) {
    throw new Error(`The publisher did not settle within ${timeoutMs / 1000} s.`);
  }
}

/** Every prerendered catalogue page a fresh build of the database would have, with the ETag of what it would show. */
export async function freshCataloguePages(db: Kysely<Database>): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const kind of CATALOGUE_PAGES) {
    for (const params of await kind.paths(db)) {
      const answer = await kind.load(db, params);
      if (answer.kind !== 'page') throw new Error(`${pathOf(kind.route, params)} is listed but answers ${answer.kind}.`);
      pages.set(pathOf(kind.route, params), pageEtag(answer.data.props));
    }
  }
  return pages;
}

/**
 * The differences between the catalogue pages the publisher has (its journal, and their files) and those of a fresh
 * build: none when the site is as a fresh build of the same database would make it.
 */
export async function differencesFromFresh(site: { db: Kysely<Database>; outDir: string }): Promise<string[]> {
  const [fresh, { pages: published }] = await Promise.all([freshCataloguePages(site.db), replayJournal(site.outDir)]);
  const differences: string[] = [];
  for (const [path, etag] of fresh) {
    const page = published.get(path);
    if (!page) differences.push(`${path}: missing`);
    else if (page.etag !== etag) differences.push(`${path}: shows something else than a fresh build`);
    else if (!existsSync(pageFile(join(site.outDir, 'client'), path))) differences.push(`${path}: no file`);
  }
  for (const [path, page] of published) {
    // Pages without an ETag are not the catalogue's (about, privacy...): no change to the database touches them.
    if (page.etag !== null && !fresh.has(path)) differences.push(`${path}: should be gone`);
  }
  return differences;
}
