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

  set(pathname: string, record: PageRecord): void {
    this.delete(pathname);
    this.#pages.set(pathname, record);
    for (const tag of record.tags) {
      const pages = this.#byTag.get(tag) ?? new Set<string>();
      pages.add(pathname);
      this.#byTag.set(tag, pages);
    }
  }

  delete(pathname: string): void {
    const record = this.#pages.get(pathname);
    if (!record) return;
    this.#pages.delete(pathname);
    for (const tag of record.tags) {
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
