/**
 * sitemap.xml (one file, or past 50,000 URLs an index of its parts) and its parts: every public URL. A part holds one
 * range of ids of a section (page-loaders/sitemap.ts), so a change to a row renders the part that lists it alone.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import {
  indexedParts, parseSitemapPartName, sitemapEntries, sitemapPartEntries, sitemapPartSizes, type SitemapEntry,
} from '../page-loaders/sitemap.ts';
import { pageTags } from './page-tags.ts';
import { batchedRead } from '../page-loaders/batched-load.ts';
import { missing, page, type CataloguePage } from './catalogue-page.ts';

/** The URLs of sitemap.xml itself, or, past one file's worth, the names of the parts its index lists. */
export type SitemapProps = { entries: SitemapEntry[] } | { parts: string[] };

/** How many URLs each part holds: one read shared by the index, the parts and their listing when renewed together. */
const readPartSizes = batchedRead(sitemapPartSizes);

/** The parts the index lists: none while one sitemap.xml holds every URL. */
const listedParts = async (db: Kysely<Database>) => indexedParts(await readPartSizes(db));

export const sitemapPage: CataloguePage<Record<string, never>, SitemapProps> = {
  route: '/sitemap.xml',
  paths: async () => [{}],
  async load(db) {
    const parts = await listedParts(db);
    return page(parts.length ? { parts } : { entries: await sitemapEntries(db) }, [pageTags.sitemap]);
  },
};

/** /sitemap-{section}-{n}.xml and /sitemap-pages.xml: none while one sitemap.xml holds the whole catalogue. */
export const sitemapPartPage: CataloguePage<{ part: string }, { entries: SitemapEntry[] }> = {
  route: '/sitemap-[part].xml',
  pathSet: 'sitemap',
  paths: async (db) => (await listedParts(db)).map((part) => ({ part })),
  async load(db, params) {
    const name = params.part ?? '';
    const part = parseSitemapPartName(name);
    if (!part || !(await listedParts(db)).includes(name)) return missing;
    return page({ entries: await sitemapPartEntries(db, part) }, [pageTags.sitemapPart(name)]);
  },
};
