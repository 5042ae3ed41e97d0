/** The build's precompression step (src/lib/compression/precompress.ts) on directories laid out like builds. */
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory, precompressNewFile, VariantCache } from '../../src/lib/compression/precompress.ts';

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
    // a's page, b's new page, the script's .br and .gz; and what the build hashed.
    expect(readdirSync(cache)).toContain('hashed.json');
    expect(readdirSync(cache)).toHaveLength(5);
    expect(brotliDecompressSync(readFileSync(join(first, 'movie', 'b', 'index.html.br'))).toString()).toBe(`${page}<p>b</p>`);
  });
});

describe('a file the next build hard-links (an unchanged page of a rebuild)', () => {
  const cache = join(root, 'linked-variants');
  const builds = ['l1', 'l2', 'l3'].map((name) => join(root, name));
  const path = join('movie', 'a', 'index.html');

  it('is known by its identity: a later build has its hash without reading it, and reuses its variant', async () => {
    writeBuild(builds[0]!, { 'movie/a/index.html': page });
    expect(await precompressDirectory(builds[0]!, new VariantCache(cache))).toEqual({ compressed: 1, reused: 0 });

    mkdirSync(join(builds[1]!, 'movie', 'a'), { recursive: true });
    linkSync(join(builds[0]!, path), join(builds[1]!, path));
    expect(await new VariantCache(cache).knownKey(path, statSync(join(builds[1]!, path)))).toMatch(/\.page$/);
    expect(await precompressDirectory(builds[1]!, new VariantCache(cache))).toEqual({ compressed: 0, reused: 1 });
    expect(statSync(join(builds[1]!, `${path}.br`)).ino).toBe(statSync(join(builds[0]!, `${path}.br`)).ino);
  });

  it('is not known as a copy with the same bytes (another file): that one is read', async () => {
    writeBuild(builds[2]!, { 'movie/a/index.html': page });
    expect(await new VariantCache(cache).knownKey(path, statSync(join(builds[2]!, path)))).toBeNull();
    expect(await precompressDirectory(builds[2]!, new VariantCache(cache))).toEqual({ compressed: 0, reused: 1 });
  });
});

describe('a page the publisher just wrote', () => {
  const cache = join(root, 'publisher-variants');
  const build = join(root, 'published');
  const path = join('movie', 'a', 'index.html');

  it('gets its brotli variant, linked from the cache when a build compressed the same bytes', async () => {
    writeBuild(build, { 'movie/a/index.html': page, 'movie/b/index.html': `${page}<p>b</p>`, 'tiny/index.html': '<p>tiny</p>' });
    await precompressDirectory(build, new VariantCache(cache));
    const built = statSync(join(build, `${path}.br`)).ino;

    // Renewed with new bytes, then back to the bytes the build compressed.
    writeFileSync(join(build, path), `${page}<p>renewed</p>`);
    await precompressNewFile(build, path, new VariantCache(cache));
    expect(brotliDecompressSync(readFileSync(join(build, `${path}.br`))).toString()).toBe(`${page}<p>renewed</p>`);
    writeFileSync(join(build, path), page);
    await precompressNewFile(build, path, new VariantCache(cache));
    expect(statSync(join(build, `${path}.br`)).ino).toBe(built);

    await precompressNewFile(build, join('tiny', 'index.html'), new VariantCache(cache));
    expect(existsSync(join(build, 'tiny', 'index.html.br'))).toBe(false);
  });
});
