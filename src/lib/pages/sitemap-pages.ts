/** sitemap.xml (one file, or an index of numbered parts past 50,000 URLs) and its parts: every public URL. */
import { sitemapEntries, sitemapParts, type SitemapEntry } from '../page-loaders/sitemap.ts';
import { pageTags } from './page-tags.ts';
import { batchedRead } from '../page-loaders/batched-load.ts';
import { missing, page, type CataloguePage } from './catalogue-page.ts';

/** The URLs of sitemap.xml itself, or, past one file's worth, how many parts its index lists. */
export type SitemapProps = { entries: SitemapEntry[] } | { partCount: number };

const tags = [pageTags.sitemap];
/**
 * Every URL, one read shared by the index, the parts and the listing of the parts when they are renewed together (or
 * while a read runs: batchedRead): at 50k titles that is 200,000 rows a read.
 */
const readEntries = batchedRead(sitemapEntries);

export const sitemapPage: CataloguePage<Record<string, never>, SitemapProps> = {
  route: '/sitemap.xml',
  paths: async () => [{}],
  async load(db) {
    const entries = await readEntries(db);
    const parts = sitemapParts(entries);
    return page(parts.length ? { partCount: parts.length } : { entries }, tags);
  },
};

/** /sitemap-{n}.xml: none while one sitemap.xml holds the whole catalogue. */
export const sitemapPartPage: CataloguePage<{ part: string }, { entries: SitemapEntry[] }> = {
  route: '/sitemap-[part].xml',
  pathSet: 'sitemap',
  paths: async (db) => sitemapParts(await readEntries(db)).map((_, i) => ({ part: String(i + 1) })),
  async load(db, params) {
    const entries = sitemapParts(await readEntries(db))[Number(params.part) - 1];
    return entries ? page({ entries }, tags) : missing;
  },
};
