/** The build's precompression step (src/lib/compression/precompress.ts) on directories laid out like builds. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory, VariantCache } from '../../src/lib/compression/precompress.ts';

const root = mkdtempSync(join(tmpdir(), 'cinecat-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = '<!doctype html><title>Movie</title>'.repeat(100);
const script = 'export const rows = [];'.repeat(100);

function writeBuild(dir: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

describe('precompressing a build', () => {
  it('writes brotli for pages, brotli and gzip for hashed assets, nothing for small, binary or dot files', async () => {
    const build = join(root, 'plain');
    writeBuild(build, {
      'movie/x/index.html': page, '_astro/client.abc.js': script, 'tiny.css': 'a{}', 'poster.png': Buffer.alloc(4096, 1),
      '.build-record.json': script,
    });

    expect(await precompressDirectory(build)).toEqual({ compressed: 2, reused: 0 });
    expect(brotliDecompressSync(readFileSync(join(build, 'movie', 'x', 'index.html.br'))).toString()).toBe(page);
    expect(existsSync(join(build, 'movie', 'x', 'index.html.gz'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(join(build, '_astro', 'client.abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(build, '_astro', 'client.abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(build, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(build, 'poster.png.br'))).toBe(false);
    expect(existsSync(join(build, '.build-record.json.br'))).toBe(false);
  });
});

describe('a later build', () => {
  const cache = join(root, 'variants');
  const first = join(root, 'first');
  const second = join(root, 'second');
  const changed = `${page}<p>edited</p>`;

  it('reuses the variants of unchanged files and compresses only the changed ones', async () => {
    writeBuild(first, { 'movie/a/index.html': page, 'movie/b/index.html': `${page}<p>b</p>`, '_astro/client.abc.js': script });
    expect(await precompressDirectory(first, new VariantCache(cache))).toEqual({ compressed: 3, reused: 0 });

    writeBuild(second, { 'movie/a/index.html': page, 'movie/b/index.html': changed, '_astro/client.abc.js': script });
    expect(await precompressDirectory(second, new VariantCache(cache))).toEqual({ compressed: 1, reused: 2 });

    // The unchanged page's variant is the one the first build wrote (one file, linked), the changed page's a new one.
    expect(statSync(join(second, 'movie', 'a', 'index.html.br')).ino).toBe(statSync(join(first, 'movie', 'a', 'index.html.br')).ino);
    expect(statSync(join(second, '_astro', 'client.abc.js.gz')).ino).toBe(statSync(join(first, '_astro', 'client.abc.js.gz')).ino);
    expect(brotliDecompressSync(readFileSync(join(second, 'movie', 'b', 'index.html.br'))).toString()).toBe(changed);
    expect(gunzipSync(readFileSync(join(second, '_astro', 'client.abc.js.gz'))).toString()).toBe(script);
  });

  it('keeps only the variants the last build used, and the earlier build keeps its own files', () => {
    // a's page, b's new page, the script's .br and .gz; and the twin records.
    expect(readdirSync(cache)).toContain('twins.json');
    expect(readdirSync(cache)).toHaveLength(5);
    expect(brotliDecompressSync(readFileSync(join(first, 'movie', 'b', 'index.html.br'))).toString()).toBe(`${page}<p>b</p>`);
  });
});

describe('a page with a twin (the incremental build keeps a copy of each keyed page)', () => {
  const cache = join(root, 'twin-variants');
  const twins = join(root, 'twins');
  const builds = ['t1', 't2', 't3'].map((name) => join(root, name));
  const br = (build: string) => join(build, 'movie', 'a', 'index.html.br');
  // Same size as `page`, other bytes: only reading the page would tell them apart.
  const sameSize = page.replace('Movie', 'Mov1e');

  it('is hashed once: while its twin is unchanged, a later build reuses the variant without reading the page', async () => {
    writeBuild(twins, { 'movie/a/index.html': page });
    writeBuild(builds[0]!, { 'movie/a/index.html': page });
    expect(await precompressDirectory(builds[0]!, new VariantCache(cache), twins)).toEqual({ compressed: 1, reused: 0 });

    writeBuild(builds[1]!, { 'movie/a/index.html': sameSize });
    expect(await precompressDirectory(builds[1]!, new VariantCache(cache), twins)).toEqual({ compressed: 0, reused: 1 });
    expect(statSync(br(builds[1]!)).ino).toBe(statSync(br(builds[0]!)).ino);
  });

  it('is read again once its twin is rewritten', async () => {
    writeBuild(twins, { 'movie/a/index.html': sameSize });
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(twins, 'movie', 'a', 'index.html'), later, later);
    writeBuild(builds[2]!, { 'movie/a/index.html': sameSize });
    expect(await precompressDirectory(builds[2]!, new VariantCache(cache), twins)).toEqual({ compressed: 1, reused: 0 });
    expect(brotliDecompressSync(readFileSync(br(builds[2]!))).toString()).toBe(sameSize);
  });
});
