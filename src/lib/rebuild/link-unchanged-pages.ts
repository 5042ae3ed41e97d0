/**
 * The Node server's incremental rebuilds (local-builder.ts) write a new build beside the one being served. Astro
 * restores each unchanged page by copying it from its cache: 41,000 copies at 10,000 titles, most of the rebuild.
 * This integration hard-links those pages from the served build instead; Astro finds them in place and keeps them.
 *
 * A page is linked only when Astro will skip it too, as far as can be known before Astro decides:
 * - the served build was the last one to use Astro's cache: the copy of Astro's manifest it kept
 *   (MANIFEST_COPY) equals the cache's, so its pages are the cache's pages;
 * - the page's cacheKey is the one it had there.
 * Astro still renders a linked page when the code, the config or the lockfile changed since. Its write would then go
 * through the link into the served build's file, so render() removes the link first and the write makes a new file.
 *
 * It also keeps Astro's prerenderer where the process that ran the build can reach it (keptPrerenderer): the page
 * builder (scripts/page-builder.ts) republishes later edits with it, without another build.
 */
import { copyFile, link, mkdir, readFile, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { runAll } from '../run-all.ts';
import { ASTRO_MANIFEST, type IncrementalManifest } from './incremental-summary.ts';

/** In a build's client directory (a dotfile: the static server refuses it): Astro's manifest as the build left it. */
export const MANIFEST_COPY = '.incremental-build.json';
const LINKS_AT_ONCE = 8;
/** The config runs in a copy of this module that Vite bundles: the prerenderer is kept on globalThis, which both share. */
const KEPT = Symbol.for('cinecat.kept-prerenderer');

/** `previousClient`: the served build's client directory, or undefined for a build with nothing to link from. */
export function linkUnchangedPages(previousClient: string | undefined): AstroIntegration {
  let outDir = '';
  let cacheDir = '';
  let wrapPrerenderer: (() => void) | undefined;
  return {
    name: 'cinecat:link-unchanged-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      // Set once Vite has built Astro's own prerender entry: with a prerenderer set before, a non-legacy adapter's build
      // leaves that entry out for the prerenderer to bring its own.
      'astro:build:start': ({ setPrerenderer }) => {
        wrapPrerenderer = () => setPrerenderer((prerenderer) => linkingPrerenderer(prerenderer, { previousClient, outDir, cacheDir }));
      },
      'astro:build:ssr': () => wrapPrerenderer?.(),
      // Astro has written its manifest by now: the next build compares it with the cache's.
      'astro:build:done': ({ dir }) => copyFile(join(cacheDir, ASTRO_MANIFEST), join(fileURLToPath(dir), MANIFEST_COPY)).catch(() => {}),
    },
  };
}

/** Astro's own prerenderer of the last build this process ran, set up and able to render again. */
export function keptPrerenderer(): AstroPrerenderer | undefined {
  return (globalThis as { [KEPT]?: AstroPrerenderer })[KEPT];
}

export function linkingPrerenderer(prerenderer: AstroPrerenderer, dirs: { previousClient: string | undefined; outDir: string; cacheDir: string }): AstroPrerenderer {
  (globalThis as { [KEPT]?: AstroPrerenderer })[KEPT] = prerenderer;
  /** The linked pages' files in this build, by route component and URL path. */
  const linked = new Map<string, string>();
  return {
    ...prerenderer,
    name: 'cinecat:linking',
    async getStaticPaths() {
      const paths = await prerenderer.getStaticPaths();
      const { previousClient } = dirs;
      const manifest = previousClient ? await servedBuildManifest(previousClient, dirs.cacheDir) : null;
      if (!previousClient || !manifest) return paths;
      // The served build's outDir: its client directory's parent, as the manifest's paths start with the client's name.
      const previousOutDir = dirname(previousClient);
      const made = new Set<string>();
      await runAll(paths, LINKS_AT_ONCE, async ({ pathname, route, cacheKey }) => {
        const entry = manifest.routes[route.component]?.paths[pathname];
        if (cacheKey === undefined || entry?.cacheKey !== cacheKey) return;
        const target = join(dirs.outDir, entry.outputFile);
        const folder = dirname(target);
        if (!made.has(folder)) {
          made.add(folder);
          await mkdir(folder, { recursive: true });
        }
        // A page the served build lacks is left to Astro.
        if (await link(join(previousOutDir, entry.outputFile), target).then(() => true, () => false)) {
          linked.set(pageKey(route.component, pathname), target);
        }
      });
      return paths;
    },
    async render(request, options) {
      const target = linked.get(pageKey(options.routeData.component, requestPathname(request)));
      if (target) await unlink(target);
      return prerenderer.render(request, options);
    },
  };
}

async function servedBuildManifest(previousClient: string, cacheDir: string): Promise<IncrementalManifest | null> {
  const [kept, current] = await Promise.all([
    readFile(join(previousClient, MANIFEST_COPY), 'utf8').catch(() => null),
    readFile(join(cacheDir, ASTRO_MANIFEST), 'utf8').catch(() => null),
  ]);
  return kept !== null && kept === current ? JSON.parse(kept) as IncrementalManifest : null;
}

/** A page's key: its route and its pathname, without the trailing slash of the `directory` format. */
export function pageKey(component: string, pathname: string): string {
  return `${component}\n${pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname}`;
}

/** The pathname getStaticPaths() gave for the page Astro asks render() for: its URL's path, percent-decoded. */
export function requestPathname(request: Request): string {
  const { pathname } = new URL(request.url);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
