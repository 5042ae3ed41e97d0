/**
 * Which prerendered detail pages the Node server (scripts/serve.ts) may still answer from the build's files, which
 * are as old as the build: a takedown must not wait for the next one. A movie, show or person page is served from
 * its file only while its row is public (a published title; a person credited in one) and unchanged since the build
 * started. Otherwise the request skips the files and reaches the on-demand detail route ([...fallback].astro), which
 * answers from the database: the spec's 404 message for a row that is gone, the page rendered on demand for one
 * edited since the build (until the rebuild serves it statically).
 *
 * The gate keeps the public ids in memory, reloaded when the catalogue version (db/migrations/
 * 0005_catalogue_version.ts) or the served build changes: polled every POLL_MS, so that a change made by another
 * process (a CLI import, another server) shows within about that long, and at once after an admin write in this
 * process (catalogue-changes.ts).
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { DETAIL_KINDS, parseDetailPath, type DetailKind } from '../catalog/detail-fallback.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { readCatalogueStamp } from '../catalog/catalogue-version.ts';
import { errorMessage } from '../http/respond.ts';
import { onCatalogueChange } from './catalogue-changes.ts';

export const POLL_MS = 500;
/** Written into the client directory by the build (integration.ts): when it started reading the database (ISO). */
export const BUILD_START_FILE = '.build-start';

const DETAIL_KIND_NAMES = Object.keys(DETAIL_KINDS) as DetailKind[];

/**
 * The detail page a URL path names, however it is spelled (percent-encoded, doubled slashes, a trailing slash, the
 * page's own index.html or its precompressed variants), or null for any other path.
 */
export function detailPageOf(urlPath: string): { kind: DetailKind; id: number } | null {
  let path: string;
  try {
    // A stored variant names its page; parseDetailPath reads the page's own file ('/index.html') as the page.
    path = posix.normalize(decodeURIComponent(urlPath)).replace(/\.(br|gz)$/, '').replace(/\/$/, '');
  } catch {
    return null;
  }
  for (const kind of DETAIL_KIND_NAMES) {
    const prefix = `${DETAIL_KINDS[kind].urlPrefix}/`;
    if (!path.startsWith(prefix)) continue;
    const parsed = parseDetailPath(path.slice(prefix.length));
    return parsed && { kind, id: parsed.id };
  }
  return null;
}

type IdSets = Record<DetailKind, Set<number>>;

interface PublicPages {
  /** The catalogue version and the served build's start the sets were loaded for. */
  key: string;
  public: IdSets;
  /** Public rows changed since the served build started: their files are older than their content. */
  changed: IdSets;
}

async function readBuildStart(clientDir: string): Promise<Date | null> {
  const text = await readFile(join(clientDir, BUILD_START_FILE), 'utf8').catch(() => null);
  const date = text ? new Date(text.trim()) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** Every public row's id, with whether it changed since `since`: three queries, whatever the catalogue's size. */
async function loadPublicPages(db: Kysely<Database>, since: Date | null): Promise<Omit<PublicPages, 'key'>> {
  const changedSince = since ? sql<boolean>`updated_at > ${since}` : sql<boolean>`false`;
  const [movies, shows, people] = await Promise.all([
    db.selectFrom('movies').select([sql<number>`tmdb_id`.as('id'), changedSince.as('changed')]).where('is_published', '=', true).execute(),
    db.selectFrom('tv_shows').select([sql<number>`tmdb_id`.as('id'), changedSince.as('changed')]).where('is_published', '=', true).execute(),
    db.selectFrom('people').select([sql<number>`id`.as('id'), changedSince.as('changed')]).where(creditedInPublishedTitle).execute(),
  ]);
  const sets = (rows: { id: number; changed: boolean }[]) => ({
    public: new Set(rows.map((row) => Number(row.id))),
    changed: new Set(rows.filter((row) => row.changed).map((row) => Number(row.id))),
  });
  const [movie, tv, person] = [sets(movies), sets(shows), sets(people)];
  return { public: { movie: movie.public, tv: tv.public, person: person.public }, changed: { movie: movie.changed, tv: tv.changed, person: person.changed } };
}

export class StaticPageGate {
  private pages: PublicPages | null = null;
  private checking: Promise<void> | null = null;
  private nextCheck: Promise<void> | null = null;
  private failing = false;
  private readonly db: Kysely<Database>;
  private readonly clientDir: string;

  // No parameter properties: scripts/serve.ts loads this module with Node's type stripping.
  constructor(db: Kysely<Database>, clientDir: string) {
    this.db = db;
    this.clientDir = clientDir;
  }

  /** Whether a GET of `urlPath` may be answered from the build's files. */
  servesStatic(urlPath: string): boolean {
    const page = this.pages ? detailPageOf(urlPath) : null;
    // Before the first load (the database was down when the server started) the files are served as built.
    if (!page || !this.pages) return true;
    return this.pages.public[page.kind].has(page.id) && !this.pages.changed[page.kind].has(page.id);
  }

  /** Resolves after a check that started after this call (so it sees every write committed before it). */
  check(): Promise<void> {
    if (!this.checking) {
      this.checking = this.refresh().finally(() => { this.checking = null; });
      return this.checking;
    }
    this.nextCheck ??= this.checking.catch(() => {}).then(() => {
      this.nextCheck = null;
      return this.check();
    });
    return this.nextCheck;
  }

  /** Loads the sets, then keeps them current until the returned stop is called. */
  async start(): Promise<() => void> {
    await this.poll();
    const timer = setInterval(() => void this.poll(), POLL_MS);
    timer.unref();
    const unsubscribe = onCatalogueChange(() => this.check());
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }

  /** A check whose failure (the database down) is logged once and retried by the next poll; the sets stay as they are. */
  private async poll(): Promise<void> {
    try {
      await this.check();
      if (this.failing) console.log('[publishing] takedown checks work again');
      this.failing = false;
    } catch (error) {
      // One line, no stack: a database that is away is an outage, not a fault of this code (the 503 path logs it too).
      if (!this.failing) console.error(`[publishing] cannot check for takedowns; retrying every ${POLL_MS} ms: ${errorMessage(error)}`);
      this.failing = true;
    }
  }

  private async refresh(): Promise<void> {
    // The version before the data: data loaded after it is at least that new, so no change is missed.
    const [stamp, buildStart] = await Promise.all([readCatalogueStamp(this.db), readBuildStart(this.clientDir)]);
    const key = `${stamp.version}@${buildStart?.toISOString() ?? ''}`;
    if (this.pages?.key === key) return;
    this.pages = { key, ...(await loadPublicPages(this.db, buildStart)) };
  }
}
