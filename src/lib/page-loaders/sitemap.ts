/**
 * Every public URL for sitemap.xml: published movies and shows, people credited in them, franchises with published
 * movies (each a section read by ranges of ids), and the pages section: static pages, categories with published
 * titles, platforms.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { categoryHref, genresWithTitles } from '../catalog/browse.ts';
import { collectionsWithPublishedMovies, franchiseHref } from '../catalog/browse-franchises.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { platformHref } from '../catalog/client/platform-params.ts';
import { hasPlatformPage } from '../catalog/platforms.ts';
import { titleHref } from '../titles/client/cards.ts';
import { CONTENT_TYPES } from '../titles/client/content-types.ts';
import { slugify } from '../titles/client/slug.ts';
import { forEachKind, titleKind } from '../titles/title-kinds.ts';

type Db = Kysely<Database>;

export const STATIC_PATHS = [
  '/', '/movies', '/tv-shows', '/people', '/platforms', '/request', '/download-app',
  '/about', '/contact', '/dmca', '/privacy', '/disclaimer', '/donate',
] as const;

export interface SitemapEntry { path: string; lastModified?: string }

/** A row's last change as its UTC day (YYYY-MM-DD), made by the database: 200,000 Dates a read cost more in Node. */
const changedOn = (table: 'titles' | 'people') => sql<string | null>`to_char(${sql.ref(`${table}.updated_at`)} at time zone 'UTC', 'YYYY-MM-DD')`.as('changed_on');

/** Ids per part of a keyed section: a part holds one range of ids, so a change to a row renders its part alone. */
export const IDS_PER_PART = 10_000;

/** The sections keyed by a row id, in sitemap order, then the one unkeyed section of pages. */
const KEYED_SECTIONS = ['movies', 'tv-shows', 'people', 'franchises'] as const;
export type KeyedSection = (typeof KEYED_SECTIONS)[number];

/** A part of the sitemap: a keyed section's ids from bucket × IDS_PER_PART on, or the pages. */
export type SitemapPart = { section: KeyedSection; bucket: number } | { section: 'pages'; bucket?: undefined };

export const TITLE_SECTION: Record<ContentType, KeyedSection> = { movie: 'movies', tv: 'tv-shows' };

/** The part holding the row `id` of a keyed section. */
export const partOf = (section: KeyedSection, id: number): SitemapPart => ({ section, bucket: Math.floor(id / IDS_PER_PART) });

/** A part's name in its URL (/sitemap-{name}.xml) and its tag: 'movies-3', 'pages'. */
export const sitemapPartName = (part: SitemapPart) => (part.section === 'pages' ? 'pages' : `${part.section}-${part.bucket}`);

export function parseSitemapPartName(name: string): SitemapPart | undefined {
  if (name === 'pages') return { section: 'pages' };
  const match = /^([a-z-]+)-(\d{1,6})$/.exec(name);
  const section = KEYED_SECTIONS.find((candidate) => candidate === match?.[1]);
  return section && match ? { section, bucket: Number(match[2]) } : undefined;
}

type IdRange = readonly [from: number, to: number];
const rangeOf = (bucket: number): IdRange => [bucket * IDS_PER_PART, (bucket + 1) * IDS_PER_PART];
const within = (key: string, range?: IdRange) =>
  (range ? sql<SqlBool>`${sql.ref(key)} >= ${range[0]} and ${sql.ref(key)} < ${range[1]}` : sql<SqlBool>`true`);
const bucketOf = (key: string) => sql<number>`(${sql.ref(key)} / ${sql.lit(IDS_PER_PART)})::int`.as('bucket');
const urlCount = sql<number>`count(*)::int`.as('urls');
const FIRST_COLUMN = sql`1`;

/** A keyed section: its URLs (of one range of ids, or all), and how many URLs each of its buckets holds. */
interface KeyedSectionReader {
  entries(db: Db, range?: IdRange): Promise<SitemapEntry[]>;
  buckets(db: Db): Promise<{ bucket: number; urls: number }[]>;
}

function titleSection(type: ContentType): KeyedSectionReader {
  const published = (db: Db) => db.selectFrom(titleKind(type).titles).where('titles.is_published', '=', true);
  return {
    async entries(db, range) {
      const rows = await published(db).where(within('titles.tmdb_id', range)).select(['titles.tmdb_id', 'titles.title', changedOn('titles')])
        .orderBy('titles.tmdb_id').execute();
      return rows.map((t) => ({ path: titleHref({ type, slug: slugify(t.title), tmdbId: t.tmdb_id }), lastModified: t.changed_on ?? undefined }));
    },
    buckets: (db) => published(db).select([bucketOf('titles.tmdb_id'), urlCount]).groupBy(FIRST_COLUMN).orderBy(FIRST_COLUMN).execute(),
  };
}

const withPage = (db: Db) => db.selectFrom('people').where(creditedInPublishedTitle);

const SECTIONS: Record<KeyedSection, KeyedSectionReader> = {
  movies: titleSection('movie'),
  'tv-shows': titleSection('tv'),
  people: {
    async entries(db, range) {
      const rows = await withPage(db).where(within('people.id', range)).select(['people.id', 'people.name', changedOn('people')]).orderBy('people.id').execute();
      return rows.map((p) => ({ path: `/people/${slugify(p.name)}/${p.id}`, lastModified: p.changed_on ?? undefined }));
    },
    buckets: (db) => withPage(db).select([bucketOf('people.id'), urlCount]).groupBy(FIRST_COLUMN).orderBy(FIRST_COLUMN).execute(),
  },
  franchises: {
    async entries(db, range) {
      const rows = await collectionsWithPublishedMovies(db).where(within('collections.id', range)).select(['collections.id', 'collections.name'])
        .orderBy('collections.id').execute();
      return rows.map((franchise) => ({ path: franchiseHref(franchise) }));
    },
    buckets: (db) => collectionsWithPublishedMovies(db).select([bucketOf('collections.id'), urlCount]).groupBy(FIRST_COLUMN).orderBy(FIRST_COLUMN).execute(),
  },
};

/** The pages section: the static pages, the categories and the platforms (a few hundred URLs at most). */
async function pageEntries(db: Db): Promise<SitemapEntry[]> {
  const [categories, platforms] = await Promise.all([
    forEachKind((type) => genresWithTitles(db, type)),
    db.selectFrom('platforms').select(['id', 'name']).where(hasPlatformPage).orderBy('id').execute(),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...CONTENT_TYPES.flatMap((type) => categories[type].map((g) => ({ path: categoryHref(type, g.id, g.name) }))),
    ...platforms.map((p) => ({ path: platformHref(p) })),
  ];
}

/** Every public URL, by section. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const sections = await Promise.all([pageEntries(db), ...KEYED_SECTIONS.map((section) => SECTIONS[section].entries(db))]);
  return sections.flat();
}

/** The URLs of one part. */
export function sitemapPartEntries(db: Db, part: SitemapPart): Promise<SitemapEntry[]> {
  return part.section === 'pages' ? pageEntries(db) : SECTIONS[part.section].entries(db, rangeOf(part.bucket));
}

export interface SitemapPartSize { part: SitemapPart; urls: number }

/** Every part that holds URLs, with how many, without reading them (but the few of the pages section). */
export async function sitemapPartSizes(db: Db): Promise<SitemapPartSize[]> {
  const [pages, ...buckets] = await Promise.all([pageEntries(db), ...KEYED_SECTIONS.map((section) => SECTIONS[section].buckets(db))]);
  return [
    { part: { section: 'pages' }, urls: pages.length },
    ...KEYED_SECTIONS.flatMap((section, i) => buckets[i]!.map(({ bucket, urls }) => ({ part: { section, bucket }, urls }))),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** The sitemap protocol's limit of URLs per file; a bigger catalogue gets a sitemap index over its parts. */
export const SITEMAP_MAX_URLS = 50_000;

/** The names of the parts sitemap.xml's index lists: none while one file holds every URL. */
export function indexedParts(sizes: readonly SitemapPartSize[]): string[] {
  const urls = sizes.reduce((sum, size) => sum + size.urls, 0);
  return urls <= SITEMAP_MAX_URLS ? [] : sizes.map(({ part }) => sitemapPartName(part));
}

/** A part's URL: /sitemap-movies-3.xml. */
export function sitemapPartPath(name: string): string {
  return `/sitemap-${name}.xml`;
}

export function renderSitemapIndex(partNames: readonly string[], site: URL | string): string {
  const parts = partNames.map((name) => `<sitemap><loc>${escapeXml(new URL(sitemapPartPath(name), site).href)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('\n')}\n</sitemapindex>\n`;
}

export function renderSitemap(entries: SitemapEntry[], site: URL | string): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = escapeXml(new URL(path, site).href);
    return `<url><loc>${loc}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Private and machine-only areas stay out of search engines. */
export const DISALLOWED_PATHS = ['/api/', '/admin', '/profile', '/my-list', '/wishlist'] as const;

export function renderRobots(site: URL | string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap.xml', site).href}`, ''].join('\n');
}
