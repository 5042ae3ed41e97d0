import { describe, expect, it } from 'vitest';
import { detailPageOf } from '../../src/lib/publishing/static-pages.ts';

describe('the detail page a URL names (the takedown gate)', () => {
  it('recognises every spelling of a movie, show or person page that could reach its file', () => {
    for (const path of ['/movie/blue-harbor/7001', '/movie/blue-harbor/7001/', '/movie/blue-harbor/7001/index.html',
      '/movie/blue-harbor/7001/index.html.br', '/movie/blue-harbor/7001/index.html.gz', '//movie//blue-harbor/7001',
      '/movie/blue%2Dharbor/7001', '/movie%2Fblue-harbor%2F7001', '/movie/x/../blue-harbor/7001']) {
      expect(detailPageOf(path), path).toEqual({ kind: 'movie', id: 7001 });
    }
    expect(detailPageOf('/tv/night-shift/8001')).toEqual({ kind: 'tv', id: 8001 });
    expect(detailPageOf('/people/zoe-marlowe/9001/')).toEqual({ kind: 'person', id: 9001 });
  });

  it('leaves every other path alone', () => {
    for (const path of ['/', '/movies', '/people', '/people/', '/movie/blue-harbor', '/movie/blue-harbor/seven',
      '/category/movie/28', '/api/admin/movies', '/_astro/app.js', '/movie/a/b/7001', '/movie/%E0%A4%A/7001']) {
      expect(detailPageOf(path), path).toBeNull();
    }
  });
});
