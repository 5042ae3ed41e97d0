/**
 * Every public URL for sitemap.xml, in one query per page type (a build lists the whole catalogue):
 * published movies and shows, people credited in them, categories and franchises with published titles,
 * platforms, and the static pages.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { getDb } from '../db.ts';
import { creditedInPublishedTitle } from './people.ts';
import { platformHref } from './client/platform-params.ts';
import { titleHref } from './client/cards.ts';
import { slugify } from './client/slug.ts';

export const STATIC_PATHS = [
  '/', '/movies', '/tv-shows', '/people', '/platforms', '/request', '/download-app',
  '/about', '/contact', '/dmca', '/privacy', '/disclaimer', '/donate',
] as const;

export interface SitemapEntry { path: string; lastModified?: string }

function day(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

let entriesForBuild: Promise<SitemapEntry[]> | undefined;

/** The entries prerendering uses: sitemap.xml and its parts share one read per build process. */
export function sitemapEntriesForBuild(): Promise<SitemapEntry[]> {
  return (entriesForBuild ??= getDb().then(sitemapEntries));
}

export async function sitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const [movies, shows, people, movieGenres, showGenres, franchises, platforms] = await Promise.all([
    db.selectFrom('movies').select(['tmdb_id', 'title', 'updated_at']).where('is_published', '=', true).orderBy('tmdb_id').execute(),
    db.selectFrom('tv_shows').select(['tmdb_id', 'name', 'updated_at']).where('is_published', '=', true).orderBy('tmdb_id').execute(),
    db.selectFrom('people').select(['id', 'name', 'updated_at']).where(creditedInPublishedTitle).orderBy('id').execute(),
    db.selectFrom('genres').select(['genres.id', 'genres.name'])
      .where((eb) => eb.exists(eb.selectFrom('movie_genres').innerJoin('movies', 'movies.id', 'movie_genres.movie_id')
        .select(sql`1`.as('one')).whereRef('movie_genres.genre_id', '=', 'genres.id').where('movies.is_published', '=', true)))
      .orderBy('genres.id').execute(),
    db.selectFrom('genres').select(['genres.id', 'genres.name'])
      .where((eb) => eb.exists(eb.selectFrom('tv_show_genres').innerJoin('tv_shows', 'tv_shows.id', 'tv_show_genres.tv_show_id')
        .select(sql`1`.as('one')).whereRef('tv_show_genres.genre_id', '=', 'genres.id').where('tv_shows.is_published', '=', true)))
      .orderBy('genres.id').execute(),
    db.selectFrom('collections').select(['collections.id', 'collections.name'])
      .where((eb) => eb.exists(eb.selectFrom('movies').select(sql`1`.as('one'))
        .whereRef('movies.collection_id', '=', 'collections.id').where('movies.is_published', '=', true)))
      .orderBy('collections.id').execute(),
    db.selectFrom('platforms').select(['id', 'name']).orderBy('id').execute(),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...movies.map((m) => ({ path: titleHref({ type: 'movie', slug: slugify(m.title), tmdbId: m.tmdb_id }), lastModified: day(m.updated_at) })),
    ...shows.map((s) => ({ path: titleHref({ type: 'tv', slug: slugify(s.name), tmdbId: s.tmdb_id }), lastModified: day(s.updated_at) })),
    ...people.map((p) => ({ path: `/people/${slugify(p.name)}/${p.id}`, lastModified: day(p.updated_at) })),
    ...movieGenres.map((g) => ({ path: `/category/movie/${g.id}/${slugify(g.name)}` })),
    ...showGenres.map((g) => ({ path: `/category/tv/${g.id}/${slugify(g.name)}` })),
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
