/**
 * The Node publisher's record of every prerendered page: its route, its ETag (a hash of what it renders) and the tags
 * of what it shows (pages/page-tags.ts), indexed by tag so that a change finds its pages without a walk over all of them.
 * Every page shows the year (its footer): that tag, like EVERYTHING, names them all.
 */
import type { RouteData } from 'astro';
import { EVERYTHING, pageTags } from '../pages/page-tags.ts';

export interface PageRecord { route: RouteData; etag: string | null; tags: readonly string[] }

export class PageIndex {
  readonly #pages = new Map<string, PageRecord>();
  readonly #byTag = new Map<string, Set<string>>();

  get size(): number {
    return this.#pages.size;
  }

  get(pathname: string): PageRecord | undefined {
    return this.#pages.get(pathname);
  }

  paths(): IterableIterator<string> {
    return this.#pages.keys();
  }

  entries(): IterableIterator<[string, PageRecord]> {
    return this.#pages.entries();
  }

  /** A renewed page mostly shows what it showed: only the tags it gained or lost are indexed again. */
  set(pathname: string, record: PageRecord): void {
    const before = new Set(this.#pages.get(pathname)?.tags);
    this.#pages.set(pathname, record);
    for (const tag of record.tags) {
      if (before.delete(tag)) continue;
      const pages = this.#byTag.get(tag) ?? new Set<string>();
      pages.add(pathname);
      this.#byTag.set(tag, pages);
    }
    this.#unindex(pathname, before);
  }

  delete(pathname: string): void {
    const record = this.#pages.get(pathname);
    if (!record) return;
    this.#pages.delete(pathname);
    this.#unindex(pathname, record.tags);
  }

  #unindex(pathname: string, tags: Iterable<string>): void {
    for (const tag of tags) {
      const pages = this.#byTag.get(tag);
      pages?.delete(pathname);
      if (pages?.size === 0) this.#byTag.delete(tag);
    }
  }

  /** The pages that show anything `tags` names. */
  pagesWith(tags: ReadonlySet<string>): Set<string> {
    if (tags.has(EVERYTHING) || tags.has(pageTags.year)) return new Set(this.#pages.keys());
    const pages = new Set<string>();
    for (const tag of tags) for (const page of this.#byTag.get(tag) ?? []) pages.add(page);
    return pages;
  }
}
