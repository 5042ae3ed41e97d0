/** Linking a rebuild's unchanged pages from the served build (src/lib/rebuild/link-unchanged-pages.ts). */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AstroPrerenderer } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { ASTRO_MANIFEST } from '../../src/lib/rebuild/incremental-summary.ts';
import { linkingPrerenderer, MANIFEST_COPY } from '../../src/lib/rebuild/link-unchanged-pages.ts';

const root = mkdtempSync(join(tmpdir(), 'cinecat-link-pages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const component = 'src/pages/movie/[slug]/[id].astro';
// Astro's pathnames as getStaticPaths() gives them; the second is spelled with a space and an accent.
const pages = { '/movie/arvale/1': 'key-1', '/movie/caf\u00e9 noir/2': 'key-2', '/movie/edited/3': 'key-3' };
const outputFile = (pathname: string) => `client${pathname}/index.html`;
const manifest = JSON.stringify({ routes: { [component]: { dependencyHash: 'code', paths: Object.fromEntries(
  Object.entries(pages).map(([pathname, cacheKey]) => [pathname, { cacheKey, outputFile: outputFile(pathname) }])) } } });

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A served build with the three pages, Astro's cache manifest `cacheManifest`, and a new build's outDir. */
function setUp(name: string, cacheManifest: string) {
  const dir = join(root, name);
  const served = join(dir, 'served');
  for (const pathname of Object.keys(pages)) write(join(served, outputFile(pathname)), `old ${pathname}`);
  write(join(served, 'client', MANIFEST_COPY), manifest);
  write(join(dir, 'cache', ASTRO_MANIFEST), cacheManifest);
  return { served, outDir: join(dir, 'new'), cacheDir: join(dir, 'cache') };
}

/** Astro's default prerenderer, as far as this needs it: the edited page has a new key; render() writes nothing. */
function astroPrerenderer(rendered: string[]): AstroPrerenderer {
  const route = { component } as Parameters<AstroPrerenderer['render']>[1]['routeData'];
  return {
    name: 'astro:default',
    getStaticPaths: async () => Object.entries(pages).map(([pathname, cacheKey]) => ({
      pathname, route, cacheKey: pathname.endsWith('/3') ? 'key-3-edited' : cacheKey,
    })),
    render: async (request) => {
      rendered.push(request.url);
      return new Response('new');
    },
  };
}

// Astro's request for a page in the `directory` format: percent-encoded, with a trailing slash.
const requestFor = (pathname: string) => new Request(new URL(`${pathname}/`, 'http://localhost:4321'));

describe('a rebuild beside the served build', () => {
  it('links each page whose cacheKey is unchanged from the served build, and leaves the edited one to Astro', async () => {
    const { served, outDir, cacheDir } = setUp('same', manifest);
    await linkingPrerenderer(astroPrerenderer([]), { previousClient: join(served, 'client'), outDir, cacheDir }).getStaticPaths();

    for (const pathname of ['/movie/arvale/1', '/movie/caf\u00e9 noir/2']) {
      expect(statSync(join(outDir, outputFile(pathname))).ino).toBe(statSync(join(served, outputFile(pathname))).ino);
    }
    expect(existsSync(join(outDir, outputFile('/movie/edited/3')))).toBe(false);
  });

  it('removes a linked page before Astro renders it (the code changed), so the served file is never written', async () => {
    const { served, outDir, cacheDir } = setUp('code-changed', manifest);
    const rendered: string[] = [];
    const prerenderer = linkingPrerenderer(astroPrerenderer(rendered), { previousClient: join(served, 'client'), outDir, cacheDir });
    await prerenderer.getStaticPaths();
    const routeData = { component } as Parameters<AstroPrerenderer['render']>[1]['routeData'];

    for (const pathname of ['/movie/arvale/1', '/movie/caf\u00e9 noir/2']) {
      await prerenderer.render(requestFor(pathname), { routeData });
      expect(existsSync(join(outDir, outputFile(pathname)))).toBe(false);
      expect(readFileSync(join(served, outputFile(pathname)), 'utf8')).toBe(`old ${pathname}`);
    }
    expect(rendered).toEqual(['http://localhost:4321/movie/arvale/1/', 'http://localhost:4321/movie/caf%C3%A9%20noir/2/']);
  });

  it('links nothing when another build used Astro\'s cache since the served one', async () => {
    const { served, outDir, cacheDir } = setUp('other-build', manifest.replace('key-1', 'key-1-elsewhere'));
    await linkingPrerenderer(astroPrerenderer([]), { previousClient: join(served, 'client'), outDir, cacheDir }).getStaticPaths();
    expect(existsSync(join(outDir, 'client'))).toBe(false);
  });
});
