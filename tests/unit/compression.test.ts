import { describe, expect, it } from 'vitest';
import { compressibleFileType, isCompressibleType } from '../../src/lib/compression/encodings.ts';

describe('what is compressed', () => {
  it('covers text types, JSON, XML and SVG, not images or fonts', () => {
    for (const type of ['text/html; charset=utf-8', 'application/json', 'image/svg+xml', 'application/xml', 'application/rss+xml', 'text/javascript']) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of ['image/png', 'font/woff2', 'application/octet-stream', undefined]) expect(isCompressibleType(type), String(type)).toBe(false);
    expect(compressibleFileType('/movie/x/index.html')).toMatch(/^text\/html/);
    expect(compressibleFileType('/_astro/client.abc.js')).toMatch(/^text\/javascript/);
    expect(compressibleFileType('/favicon.png')).toBeUndefined();
  });
});
