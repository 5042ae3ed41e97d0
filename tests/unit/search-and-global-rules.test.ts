import { describe, expect, it } from 'vitest';
import { compareRanked, escapeLike, MatchRank, normalizeQuery } from '../../src/lib/read-model/search.ts';
import { canonicalDetailPath, parseDetailPath } from '../../src/lib/page-loaders/detail-fallback.ts';
import {
  IDS_PER_PART, indexedParts, parseSitemapPartName, partOf, renderRobots, renderSitemap, renderSitemapIndex, SITEMAP_MAX_URLS, sitemapPartName,
} from '../../src/lib/page-loaders/sitemap.ts';

describe('search rules', () => {
  it('trims, collapses spaces and treats blank text as no search', () => {
    expect(normalizeQuery('  the   last  horizon ')).toBe('the last horizon');
    expect(normalizeQuery(' \t ')).toBe('');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it('orders by match kind, then similarity, then popularity', () => {
    const rows = [
      { id: 'similar', rank: MatchRank.Similar, similarity: 0.9, popularity: 999 },
      { id: 'contains', rank: MatchRank.Contains, similarity: 0.5, popularity: 1 },
      { id: 'popular-prefix', rank: MatchRank.Prefix, similarity: 0.5, popularity: 50 },
      { id: 'prefix', rank: MatchRank.Prefix, similarity: 0.5, popularity: 10 },
      { id: 'exact', rank: MatchRank.Exact, similarity: 1, popularity: 0 },
    ];
    expect(rows.sort(compareRanked).map((r) => r.id)).toEqual(['exact', 'popular-prefix', 'prefix', 'contains', 'similar']);
  });
});

describe('detail fallback paths', () => {
  it('reads the id from slug/id or a bare id, and nothing else', () => {
    expect(parseDetailPath('old-title/603')).toEqual({ slug: 'old-title', id: 603 });
    expect(parseDetailPath('603')).toEqual({ slug: null, id: 603 });
    expect(parseDetailPath(undefined)).toBeNull();
    expect(parseDetailPath('just-a-slug')).toBeNull();
    expect(parseDetailPath('a/b/603')).toBeNull();
    expect(parseDetailPath('title/0')).toBeNull();
  });

  it('reads the page\'s own file as the page, as a CDN\'s pretty-URL lookup (and netlify serve, retrying a 404) asks for it', () => {
    for (const rest of ['old-title/603.html', 'old-title/603.htm', 'old-title/603/index.html', 'old-title/603/index.htm']) {
      expect(parseDetailPath(rest), rest).toEqual({ slug: 'old-title', id: 603 });
    }
    expect(parseDetailPath('old-title/603/other.html')).toBeNull();
    expect(parseDetailPath('index.html')).toBeNull();
  });

  it('builds canonical URLs per kind', () => {
    expect(canonicalDetailPath('movie', 'Amélie: The Movie!', 7)).toBe('/movie/amelie-the-movie/7');
    expect(canonicalDetailPath('tv', 'Blue Harbor', 8)).toBe('/tv/blue-harbor/8');
    expect(canonicalDetailPath('person', 'Zoë Marlowe', 9)).toBe('/people/zoe-marlowe/9');
  });
});

describe('sitemap and robots', () => {
  it('renders absolute, escaped URLs with optional lastmod', () => {
    const xml = renderSitemap([{ path: '/' }, { path: '/movie/a-b/1?x=1&y=2', lastModified: '2026-01-02' }], 'https://cine.example');
    expect(xml).toContain('<loc>https://cine.example/</loc>');
    expect(xml).toContain('<loc>https://cine.example/movie/a-b/1?x=1&amp;y=2</loc><lastmod>2026-01-02</lastmod>');
    expect(xml.startsWith('<?xml')).toBe(true);
  });

  it('one file up to 50,000 URLs; beyond that an index of every part', () => {
    const sizes = (...urls: number[]) => urls.map((count, i) => ({ part: partOf('people', i * IDS_PER_PART), urls: count }));
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(indexedParts([{ part: { section: 'pages' }, urls: 30 }, ...sizes(9_970, 10_000, 10_000, 10_000, 10_000)])).toEqual([]);
    const parts = indexedParts([{ part: { section: 'pages' }, urls: 30 }, ...sizes(9_971, 10_000, 10_000, 10_000, 10_000)]);
    expect(parts).toEqual(['pages', 'people-0', 'people-1', 'people-2', 'people-3', 'people-4']);
    const index = renderSitemapIndex(parts, 'https://cine.example');
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain('<sitemap><loc>https://cine.example/sitemap-pages.xml</loc></sitemap>\n<sitemap><loc>https://cine.example/sitemap-people-0.xml</loc></sitemap>');
    expect(index.match(/<sitemap><loc>[^<]+<\/loc><\/sitemap>/g)).toHaveLength(6);
  });

  it('a part is a range of ids of a section, named in its URL and nothing else', () => {
    expect(sitemapPartName(partOf('movies', 0))).toBe('movies-0');
    expect(sitemapPartName(partOf('tv-shows', IDS_PER_PART - 1))).toBe('tv-shows-0');
    expect(sitemapPartName(partOf('people', 3 * IDS_PER_PART))).toBe('people-3');
    for (const name of ['pages', 'movies-0', 'tv-shows-12', 'people-3', 'franchises-140']) {
      expect(sitemapPartName(parseSitemapPartName(name)!)).toBe(name);
    }
    for (const name of ['', '1', 'movies', 'movies-', 'movies--1', 'movies-1.5', 'series-1', 'pages-0', 'people-1234567', 'Movies-1']) {
      expect(parseSitemapPartName(name), name).toBeUndefined();
    }
  });

  it('robots points at the sitemap and keeps private areas out', () => {
    const robots = renderRobots('https://cine.example');
    expect(robots).toContain('Sitemap: https://cine.example/sitemap.xml');
    for (const path of ['/api/', '/admin', '/profile', '/my-list', '/wishlist']) expect(robots).toContain(`Disallow: ${path}\n`);
  });
});
