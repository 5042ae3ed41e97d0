/** The build's precompression step (src/lib/compression/precompress.ts) on a directory laid out like a build. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../src/lib/compression/precompress.ts';

const root = mkdtempSync(join(tmpdir(), 'cinecat-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = '<!doctype html><title>Movie</title>'.repeat(100);
const script = 'export const rows = [];'.repeat(100);

describe('precompressing a build', () => {
  it('writes brotli for pages, brotli and gzip for hashed assets, nothing for small or binary files', async () => {
    mkdirSync(join(root, 'movie', 'x'), { recursive: true });
    mkdirSync(join(root, '_astro'));
    writeFileSync(join(root, 'movie', 'x', 'index.html'), page);
    writeFileSync(join(root, '_astro', 'client.abc.js'), script);
    writeFileSync(join(root, 'tiny.css'), 'a{}');
    writeFileSync(join(root, 'poster.png'), Buffer.alloc(4096, 1));

    expect(await precompressDirectory(root)).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(root, 'movie', 'x', 'index.html.br'))).toString()).toBe(page);
    expect(existsSync(join(root, 'movie', 'x', 'index.html.gz'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(root, '_astro', 'client.abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(root, '_astro', 'client.abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(root, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(root, 'poster.png.br'))).toBe(false);
  });
});
