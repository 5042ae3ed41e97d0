/**
 * The build's precompression step (src/lib/compression/precompress.ts) on a directory laid out like a build, and
 * the prerender middleware that feeds it (src/lib/compression/prerender-capture.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { precompressDirectory, StagedPages } from '../../src/lib/compression/precompress.ts';
import { capturePrerendered, registerPrerenderCompressor } from '../../src/lib/compression/prerender-capture.ts';

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

describe('pages compressed while they are prerendered', () => {
  const build = join(root, 'staged-build');
  const pageFile = join(build, 'movie', 'y', 'index.html');
  const otherFile = join(build, 'tv', 'z', 'index.html');
  const staging = join(root, 'staging');

  it('gives a page the variant staged for its exact content, and compresses a page whose content differs', async () => {
    const staged = new StagedPages(staging);
    const rendered = `${page}<p>rendered</p>`;
    await staged.add(Buffer.from(rendered));
    await staged.add(Buffer.from(`${page}<p>rendered, then changed</p>`));
    await staged.settle();
    mkdirSync(join(build, 'movie', 'y'), { recursive: true });
    mkdirSync(join(build, 'tv', 'z'), { recursive: true });
    writeFileSync(pageFile, rendered);
    writeFileSync(otherFile, `${page}<p>written by something else</p>`);

    expect(await precompressDirectory(build, staged)).toBe(2);
    const stagedInodes = readdirSync(staging).map((name) => statSync(join(staging, name)).ino);
    expect(stagedInodes).toContain(statSync(`${pageFile}.br`).ino);
    expect(stagedInodes).not.toContain(statSync(`${otherFile}.br`).ino);
    expect(brotliDecompressSync(readFileSync(`${pageFile}.br`)).toString()).toBe(rendered);
    expect(brotliDecompressSync(readFileSync(`${otherFile}.br`)).toString()).toBe(`${page}<p>written by something else</p>`);

    await staged.remove();
    expect(existsSync(staging)).toBe(false);
    expect(brotliDecompressSync(readFileSync(`${pageFile}.br`)).toString()).toBe(rendered);
  });

  it('the middleware hands prerendered bodies to the registered compressor and answers with the same bytes', async () => {
    const received: string[] = [];
    registerPrerenderCompressor({ add: async (body) => { received.push(Buffer.from(body).toString()); } });
    try {
      const answer = () => Promise.resolve(new Response(page, { status: 200, headers: { 'Content-Type': 'text/html', 'X-Kept': 'yes' } }));
      const prerendered = await capturePrerendered({ isPrerendered: true } as APIContext, answer) as Response;
      expect(prerendered.status).toBe(200);
      expect(prerendered.headers.get('X-Kept')).toBe('yes');
      expect(await prerendered.text()).toBe(page);
      expect(received).toEqual([page]);

      const image = () => Promise.resolve(new Response('PNG', { headers: { 'Content-Type': 'image/png' } }));
      await capturePrerendered({ isPrerendered: true } as APIContext, image);
      const onDemand = new Response(page, { headers: { 'Content-Type': 'text/html' } });
      expect(await capturePrerendered({ isPrerendered: false } as APIContext, () => Promise.resolve(onDemand))).toBe(onDemand);
      expect(received).toEqual([page]);
    } finally {
      registerPrerenderCompressor(undefined);
    }
  });
});
