import { describe, expect, it } from 'vitest';
import { compressibleFileType, isCompressibleType, negotiateEncoding } from '../../src/lib/compression/encodings.ts';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and answers identity when neither is accepted', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('honours q-values and the wildcard', () => {
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
  });
});

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
