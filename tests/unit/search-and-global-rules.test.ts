import { describe, expect, it } from 'vitest';
import { compareRanked, escapeLike, MatchRank, normalizeQuery } from '../../src/lib/read-model/search.ts';
import { canonicalDetailPath, parseDetailPath } from '../../src/lib/page-loaders/detail-fallback.ts';
import { renderRobots, renderSitemap, renderSitemapIndex, SITEMAP_MAX_URLS, sitemapParts } from '../../src/lib/page-loaders/sitemap.ts';

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

  it('one file up to 50,000 URLs; beyond that an index of numbered parts of at most 50,000 each', () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/p/${i}` }));
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapParts(entries(50_000))).toEqual([]);
    const parts = sitemapParts(entries(120_001));
    expect(parts.map((part) => part.length)).toEqual([50_000, 50_000, 20_001]);
    expect(parts[2]![20_000]).toEqual({ path: '/p/120000' });
    const index = renderSitemapIndex(parts.length, 'https://cine.example');
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.match(/<sitemap><loc>https:\/\/cine\.example\/sitemap-\d\.xml<\/loc><\/sitemap>/g)).toHaveLength(3);
  });

  it('robots points at the sitemap and keeps private areas out', () => {
    const robots = renderRobots('https://cine.example');
    expect(robots).toContain('Sitemap: https://cine.example/sitemap.xml');
    for (const path of ['/api/', '/admin', '/profile', '/my-list', '/wishlist']) expect(robots).toContain(`Disallow: ${path}\n`);
  });
});
