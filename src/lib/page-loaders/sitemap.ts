/**
 * Every public URL for sitemap.xml, in one query per page type (a build lists the whole catalogue):
 * published movies and shows, people credited in them, categories and franchises with published titles,
 * platforms, and the static pages.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { categoryHref } from '../catalog/browse.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { platformHref } from '../catalog/client/platform-params.ts';
import { hasPlatformPage } from '../catalog/platforms.ts';
import { titleHref } from '../titles/client/cards.ts';
import { CONTENT_TYPES } from '../titles/client/content-types.ts';
import { slugify } from '../titles/client/slug.ts';
import { forEachKind, titleKind } from '../titles/title-kinds.ts';

export const STATIC_PATHS = [
  '/', '/movies', '/tv-shows', '/people', '/platforms', '/request', '/download-app',
  '/about', '/contact', '/dmca', '/privacy', '/disclaimer', '/donate',
] as const;

export interface SitemapEntry { path: string; lastModified?: string }

/** A row's last change as its UTC day (YYYY-MM-DD), made by the database: 200,000 Dates a read cost more in Node. */
const changedOn = (table: 'titles' | 'people') => sql<string | null>`to_char(${sql.ref(`${table}.updated_at`)} at time zone 'UTC', 'YYYY-MM-DD')`.as('changed_on');

/** Each kind's published titles, by TMDB id. */
function publishedTitles(db: Kysely<Database>, type: ContentType) {
  return db.selectFrom(titleKind(type).titles).select(['titles.tmdb_id', 'titles.title', changedOn('titles')])
    .where('titles.is_published', '=', true).orderBy('titles.tmdb_id').execute();
}

/** The genres with published titles of the kind: its category pages. */
function categoriesOf(db: Kysely<Database>, type: ContentType) {
  const { titles, genreLinks } = titleKind(type);
  return db.selectFrom('genres').select(['genres.id', 'genres.name'])
    .where((eb) => eb.exists(eb.selectFrom(genreLinks).innerJoin(titles, 'titles.id', 'genre_links.title_id')
      .select(sql`1`.as('one')).whereRef('genre_links.genre_id', '=', 'genres.id').where('titles.is_published', '=', true)))
    .orderBy('genres.id').execute();
}

export async function sitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const [titles, people, categories, franchises, platforms] = await Promise.all([
    forEachKind((type) => publishedTitles(db, type)),
    db.selectFrom('people').select(['people.id', 'people.name', changedOn('people')]).where(creditedInPublishedTitle).orderBy('people.id').execute(),
    forEachKind((type) => categoriesOf(db, type)),
    db.selectFrom('collections').select(['collections.id', 'collections.name'])
      .where((eb) => eb.exists(eb.selectFrom('movies').select(sql`1`.as('one'))
        .whereRef('movies.collection_id', '=', 'collections.id').where('movies.is_published', '=', true)))
      .orderBy('collections.id').execute(),
    db.selectFrom('platforms').select(['id', 'name']).where(hasPlatformPage).orderBy('id').execute(),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...CONTENT_TYPES.flatMap((type) => titles[type].map((t) => ({
      path: titleHref({ type, slug: slugify(t.title), tmdbId: t.tmdb_id }), lastModified: t.changed_on ?? undefined,
    }))),
    ...people.map((p) => ({ path: `/people/${slugify(p.name)}/${p.id}`, lastModified: p.changed_on ?? undefined })),
    ...CONTENT_TYPES.flatMap((type) => categories[type].map((g) => ({ path: categoryHref(type, g.id, g.name) }))),
    ...franchises.map((f) => ({ path: `/franchise/${f.id}/${slugify(f.name)}` })),
    ...platforms.map((p) => ({ path: platformHref(p) })),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** The sitemap protocol's limit of URLs per file; a bigger catalogue gets a sitemap index over numbered parts. */
export const SITEMAP_MAX_URLS = 50_000;

/** The numbered parts (/sitemap-1.xml, ...) of a catalogue too big for one file; none when one file holds it. */
export function sitemapParts(entries: SitemapEntry[], size = SITEMAP_MAX_URLS): SitemapEntry[][] {
  if (entries.length <= size) return [];
  const parts: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length; start += size) parts.push(entries.slice(start, start + size));
  return parts;
}

export function sitemapPartPath(part: number): string {
  return `/sitemap-${part}.xml`;
}

export function renderSitemapIndex(partCount: number, site: URL | string): string {
  const parts = Array.from({ length: partCount }, (_, i) => `<sitemap><loc>${escapeXml(new URL(sitemapPartPath(i + 1), site).href)}</loc></sitemap>`);
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
