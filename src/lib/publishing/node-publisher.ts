/**
 * The Node server's publisher, in the page builder (scripts/page-builder.ts): it keeps the prerendered pages equal to
 * what a fresh build of the database would render, whoever changes the database.
 *
 * Every POLL_MS it reads the catalogue's change log (change-log.ts) from its cursor, names what changed (change-tags.ts)
 * and finds the pages that show it (page-index.ts). Those are stale: the server is told before the publisher records
 * its progress (so a writer waiting on a marker returns only once they are), and asks for any of them a visitor
 * requests to be renewed first. Each stale page is rendered again with its ETag: a page whose content did not change
 * answers 304 and is left alone, a changed one is replaced by rename(2) (and compressed once no page is stale), and one
 * that is gone is removed. A change that may add pages (a title published, a person renamed) makes the routes of those
 * pages list them again; new ones are rendered too.
 */
import { relative } from 'node:path';
import type { AstroPrerenderer, RouteData } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { nextYearStart } from '../catalog/client/site-clock.ts';
import { precompressNewFile, type VariantCache } from '../compression/precompress.ts';
import { errorMessage } from '../http/respond.ts';
import { isNoMatchingStaticPath, listPages, relistRoutes } from './astro-internals.ts';
import { readChangesSince, recordProgress, recordSettled } from './change-log.ts';
import { tagsOfChanges } from './change-tags.ts';
import { asideDirOf, pageFile, pagePathOf, removePageFile, replaceFile } from './page-files.ts';
import { PUBLISHER_HEADER } from './page-answer.ts';
import { runAll } from '../run-all.ts';
import type { PageIndex } from './page-index.ts';
import { recordAnswer } from './page-recorder.ts';
import { CATALOGUE_PAGES } from '../pages/index.ts';
import { EVERYTHING, namedPaths, PATH_SETS, type NamedPaths } from '../pages/page-tags.ts';
import type { Journal } from './publish-journal.ts';

export const POLL_MS = 200;
/** How often an idle publisher says it is alive (change-log.ts waitForReaders waits only for live readers). */
const HEARTBEAT_MS = 10_000;
/**
 * Pages rendered at once; a visitor's page may take one more. Their loads are made in batches (pages/detail-pages.ts),
 * so more at once is cheaper per page, up to the memory of their HTML. With fewer, renders end one by one, each new
 * one finds few loads to share a batch with, and the renders wait on the database's round trips.
 */
const RENDERS_AT_ONCE = 48;
/** Pages of each route a start that kept its pages renders to warm the code (NodePublisher.warmUp). */
const WARM_UP_PER_ROUTE = 20;
/** A page that failed to render is tried again after this long. */
const RETRY_MS = 5_000;

/** What the publisher tells the server: pages that are stale from now on, and pages that are current again. */
export interface StaleListener {
  /** Resolves once the server will no longer answer these pages from their files. */
  stale(paths: string[]): Promise<void>;
  current(paths: string[]): void;
}

export interface PublisherOptions {
  db: Kysely<Database>;
  prerenderer: AstroPrerenderer;
  index: PageIndex;
  clientDir: string;
  /** The site's origin, which pages are rendered for. */
  origin: string;
  /** Its name among the log's readers. */
  reader: string;
  /** The snapshot the pages were built from: the publisher reads the changes committed after it. */
  since: string;
  variants: VariantCache;
  listener: StaleListener;
  /** Where the pages' records and the checkpoints go, for the next start. */
  journal: Journal;
}

/** What a render did to a page. */
export type Renewal = 'unchanged' | 'replaced' | 'removed' | 'failed';

export class NodePublisher {
  readonly #options: PublisherOptions;
  #cursor: string;
  /** Stale pages not yet being rendered, in order; `#urgent` first. */
  readonly #queue = new Set<string>();
  readonly #urgent = new Set<string>();
  /** Pages being rendered, with their renewal. */
  readonly #rendering = new Map<string, Promise<Renewal>>();
  /** Pages staled again while being rendered (from older data): rendered once more after. */
  readonly #again = new Set<string>();
  /** Routes of pages found by listing the routes, not yet in the index. */
  readonly #newRoutes = new Map<string, RouteData>();
  /** Pages the last listing of the routes left out: removed without rendering. */
  readonly #unlisted = new Set<string>();
  /** Pages whose render failed, tried again after RETRY_MS: stale until then. */
  readonly #failed = new Set<string>();
  /** Whether changes were read since the journal's last checkpoint. */
  #unsaved = false;
  /** The last checkpoint, once it (and every page line before it) is in the journal's file. */
  #checkpointWritten: Promise<void> = Promise.resolve();
  /** The last marker read, and the last one recorded as settled (every change before it published). */
  #lastMarker = 0;
  #settledMarker = 0;
  #workers = 0;
  #timers: NodeJS.Timeout[] = [];
  #polling: Promise<void> | null = null;
  #failing = false;
  #lastProgress = 0;
  readonly #current = new Set<string>();
  /** Renewed pages whose compressed variants are not made yet, and the page whose variants are being made. */
  readonly #uncompressed = new Set<string>();
  #compressing: { path: string; made: Promise<void> } | null = null;
  readonly rendered = { replaced: 0, unchanged: 0, removed: 0, failed: 0 };

  constructor(options: PublisherOptions) {
    this.#options = options;
    this.#cursor = options.since;
  }

  /** Records the reader as live at its cursor, before its first read of the log. */
  async announce(): Promise<void> {
    await recordProgress(this.#options.db, this.#options.reader, this.#cursor, 0);
    this.#lastProgress = Date.now();
  }

  start(): void {
    const poll = () => {
      this.#timers[0] = setTimeout(() => void this.poll().finally(poll), POLL_MS);
    };
    poll();
    this.#armYearTimer();
  }

  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
  }

  /**
   * Renders a few pages of each route and keeps none. A start that kept its pages has run none of their code, and its
   * first publish took a fifth longer than the same publish warm (docs/benchmarks.md).
   */
  async warmUp(): Promise<void> {
    const byRoute = new Map<string, [string, RouteData][]>();
    for (const [path, { route }] of this.#options.index.entries()) {
      const pages = byRoute.get(route.route) ?? [];
      byRoute.set(route.route, pages);
      pages.push([path, route]);
    }
    const sample = [...byRoute.values()].flatMap((pages) => {
      const step = Math.ceil(pages.length / WARM_UP_PER_ROUTE);
      return pages.filter((_, i) => i % step === 0);
    });
    await runAll(sample, RENDERS_AT_ONCE, async ([path, route]) => {
      try {
        await (await this.#render(path, route, null)).arrayBuffer();
      } catch {
        // A page that fails here fails again when it is renewed, and is reported then.
      }
    });
  }

  /** Whether the page is stale: queued or being rendered. */
  isStale(pathname: string): boolean {
    return this.#queue.has(pathname) || this.#rendering.has(pathname);
  }

  /** Whether any page is stale, or may be about to be (the log is being read). */
  get busy(): boolean {
    return this.#polling !== null || this.#queue.size > 0 || this.#rendering.size > 0 || this.#failed.size > 0;
  }

  /** Renews a stale page before any other; resolves at once for a current one. */
  async renewNow(pathname: string): Promise<void> {
    if (this.#queue.has(pathname)) {
      this.#urgent.add(pathname);
      this.#pump(true);
    }
    while (this.isStale(pathname)) await (this.#rendering.get(pathname) ?? new Promise((resolve) => setTimeout(resolve, 5)));
  }

  /** One read of the log; concurrent calls share it. */
  poll(): Promise<void> {
    this.#polling ??= this.#readChanges().finally(() => {
      this.#polling = null;
      this.#settleIfCurrent();
    });
    return this.#polling;
  }

  async #readChanges(): Promise<void> {
    const { db, index, reader } = this.#options;
    try {
      const batch = await readChangesSince(db, this.#cursor);
      const tags = batch.tooMany ? new Set([EVERYTHING]) : await tagsOfChanges(db, batch.changes);
      const stale = [...index.pagesWith(tags)];
      if (tags.size) this.#unsaved = true;
      if (stale.length) await this.#markStale(stale);
      // A change that may add pages: their routes list them (while the stale ones render) before the change counts as
      // read, so that a writer told it was read has its new pages stale too.
      await this.#findNewPages(tags.has(EVERYTHING) ? PATH_SETS.map((set) => ({ set })) : [...tags].flatMap((tag) => namedPaths(tag) ?? []));
      this.#cursor = batch.snapshot;
      if (batch.tooMany || batch.changes.length || batch.lastMarker || Date.now() - this.#lastProgress > HEARTBEAT_MS) {
        await recordProgress(db, reader, this.#cursor, batch.lastMarker);
        this.#lastProgress = Date.now();
      }
      this.#pump(false);
      this.#lastMarker = Math.max(this.#lastMarker, batch.lastMarker);
      if (this.#failing) console.log('[publishing] reading the catalogue\'s changes works again');
      this.#failing = false;
    } catch (error) {
      if (!this.#failing) console.error(`[publishing] cannot read the catalogue's changes; retrying: ${errorMessage(error)}`);
      this.#failing = true;
    }
  }

  /**
   * The named routes list their pages again, and the named rows' pages are listed; those the index lacks are rendered,
   * and those it has that a whole route's listing left out are renewed (and go).
   */
  async #findNewPages(named: readonly NamedPaths[]): Promise<void> {
    if (named.length === 0) return;
    const { db, prerenderer, index } = this.#options;
    const wholeSets = new Set(named.filter((paths) => paths.key === undefined).map(({ set }) => set));
    const patterns = new Set(CATALOGUE_PAGES.filter(({ pathSet }) => pathSet && wholeSets.has(pathSet)).map(({ route }) => route));
    const relisted = (route: RouteData | undefined) => route !== undefined && patterns.has(route.route);
    const found = patterns.size ? await relistRoutes(prerenderer, relisted) : [];
    for (const kind of CATALOGUE_PAGES) {
      if (!kind.pathSet || !kind.pathsOf || wholeSets.has(kind.pathSet)) continue;
      const keys = [...new Set(named.filter((paths) => paths.set === kind.pathSet).map(({ key }) => key!))];
      if (keys.length) found.push(...await listPages(prerenderer, kind.route, await kind.pathsOf(db, keys)));
    }
    const listed = new Set<string>();
    const added: string[] = [];
    for (const { pathname, route } of found) {
      const path = pagePathOf(pathname) ?? pathname;
      listed.add(path);
      if (index.get(path) || this.#newRoutes.has(path)) continue;
      this.#newRoutes.set(path, route);
      added.push(path);
    }
    for (const path of this.#unlisted) if (listed.has(path) || relisted(index.get(path)?.route)) this.#unlisted.delete(path);
    const unlisted = [...index.entries()].filter(([path, { route }]) => relisted(route) && !listed.has(path)).map(([path]) => path);
    for (const path of unlisted) this.#unlisted.add(path);
    if (added.length || unlisted.length) await this.#markStale([...added, ...unlisted]);
  }

  async #markStale(paths: string[]): Promise<void> {
    for (const path of paths) {
      this.#current.delete(path);
      if (this.#rendering.has(path)) this.#again.add(path);
      else this.#queue.add(path);
    }
    await this.#options.listener.stale(paths);
    this.#pump(false);
  }

  #pump(urgent: boolean): void {
    while (this.#queue.size && (this.#workers < RENDERS_AT_ONCE || (urgent && this.#urgent.size && this.#workers < RENDERS_AT_ONCE + 1))) {
      const next = this.#urgent.values().next().value ?? this.#queue.values().next().value!;
      this.#queue.delete(next);
      this.#urgent.delete(next);
      this.#workers++;
      const renewal = this.#renew(next);
      this.#rendering.set(next, renewal);
      void renewal.then((outcome) => {
        this.#rendering.delete(next);
        this.#workers--;
        this.rendered[outcome]++;
        if (this.#again.delete(next)) this.#queue.add(next);
        else if (outcome === 'failed') this.#retryLater(next);
        else this.#reportCurrent(next);
        this.#pump(false);
        this.#settleIfCurrent();
      });
    }
  }

  #retryLater(path: string): void {
    this.#failed.add(path);
    this.#timers.push(setTimeout(() => {
      this.#failed.delete(path);
      void this.#markStale([path]);
    }, RETRY_MS));
  }

  /**
   * Once every stale page is renewed: the journal may vouch for the files up to the cursor, and, once that is in its
   * file, writers waiting for their changes to be published (change-log.ts waitForReaders) may go on.
   */
  #settleIfCurrent(): void {
    if (this.busy) return;
    this.#compressWhileIdle();
    if (this.#unsaved) {
      this.#unsaved = false;
      this.#checkpointWritten = this.#options.journal.checkpoint(this.#cursor);
    }
    if (this.#lastMarker > this.#settledMarker) {
      const marker = this.#settledMarker = this.#lastMarker;
      void this.#checkpointWritten.then(() => recordSettled(this.#options.db, this.#options.reader, marker))
        .catch((error: unknown) => console.error(`[publishing] could not record what is published: ${errorMessage(error)}`));
    }
  }

  /**
   * Makes the compressed variants of renewed pages one at a time, only while no page is stale: a page is current
   * once its file is replaced, and compressing each page as it was replaced (brotli, and the variant cache's files)
   * doubled the main thread's work for pages of new content. Until then the server sends the page as it is.
   */
  #compressWhileIdle(): void {
    if (this.#compressing || this.busy) return;
    const path: string | undefined = this.#uncompressed.values().next().value;
    if (path === undefined) return;
    this.#uncompressed.delete(path);
    const { clientDir, variants } = this.#options;
    const made = precompressNewFile(clientDir, relative(clientDir, pageFile(clientDir, path)), variants)
      .catch((error: unknown) => console.error(`[publishing] could not compress ${path}: ${errorMessage(error)}`))
      .finally(() => {
        this.#compressing = null;
        this.#compressWhileIdle();
      });
    this.#compressing = { path, made };
  }

  /** Waits for a variant being made of the page's file, which must not land beside the file that replaces it. */
  async #variantMadeOf(path: string): Promise<void> {
    if (this.#compressing?.path === path) await this.#compressing.made;
  }

  /** Tells the server, in one message per turn of the event loop, which pages are current again. */
  #reportCurrent(path: string): void {
    if (this.#current.size === 0) queueMicrotask(() => setImmediate(() => {
      const paths = [...this.#current];
      this.#current.clear();
      if (paths.length) this.#options.listener.current(paths);
    }));
    this.#current.add(path);
  }

  async #renew(pathname: string): Promise<Renewal> {
    const { index, clientDir } = this.#options;
    const record = index.get(pathname);
    const route = record?.route ?? this.#newRoutes.get(pathname);
    if (!route) return 'removed';
    const file = pageFile(clientDir, pathname);
    if (this.#unlisted.delete(pathname)) return this.#remove(pathname, file);
    try {
      const response = await this.#render(pathname, route, record?.etag ?? null);
      if (response.status === 304) return 'unchanged';
      // Not found, or not at this path any more (a stale slug's redirect): the page is gone.
      if ((response.status === 404 && route.route !== '/404') || (response.status >= 300 && response.status < 400)) return await this.#remove(pathname, file);
      if (!response.ok && route.route !== '/404') throw new Error(`it answered ${response.status}`);
      const body = new Uint8Array(await response.arrayBuffer());
      await this.#variantMadeOf(pathname);
      await replaceFile(file, body, asideDirOf(clientDir));
      this.#uncompressed.add(pathname);
      recordAnswer(index, pathname, route, response);
      this.#options.journal.page(pathname, index.get(pathname)!);
      this.#newRoutes.delete(pathname);
      return 'replaced';
    } catch (error) {
      if (isNoMatchingStaticPath(error)) return this.#remove(pathname, file);
      console.error(`[publishing] could not render ${pathname}: ${errorMessage(error)}`);
      return 'failed';
    }
  }

  /** The page as the prerenderer renders it now; 304 when its content has `etag`. */
  async #render(pathname: string, route: RouteData, etag: string | null): Promise<Response> {
    const url = new URL(route.type === 'endpoint' || pathname.endsWith('/') ? pathname : `${pathname}/`, this.#options.origin);
    const headers: Record<string, string> = { [PUBLISHER_HEADER]: '1', ...(etag ? { 'If-None-Match': etag } : {}) };
    const rendered = await this.#options.prerenderer.render(new Request(url, { headers }), { routeData: route });
    return rendered instanceof Response ? rendered : rendered.response;
  }

  async #remove(pathname: string, file: string): Promise<Renewal> {
    await this.#variantMadeOf(pathname);
    this.#uncompressed.delete(pathname);
    await removePageFile(this.#options.clientDir, file);
    this.#unlisted.delete(pathname);
    this.#options.index.delete(pathname);
    this.#options.journal.gone(pathname);
    this.#newRoutes.delete(pathname);
    return 'removed';
  }

  /** At the turn of the year every page changes (its footer, the year filters, ages). */
  #armYearTimer(turn = nextYearStart()): void {
    // setTimeout waits at most 2^31 - 1 ms (24.8 days): a longer wait is taken in steps.
    this.#timers[1] = setTimeout(() => {
      if (Date.now() < turn.getTime()) return this.#armYearTimer(turn);
      void this.#markStale([...this.#options.index.paths()]);
      this.#armYearTimer();
    }, Math.min(turn.getTime() - Date.now(), 2 ** 31 - 1));
  }
}
