/**
 * A republish: the served build brought up to date in place by the process that built it (scripts/page-builder.ts),
 * with the prerenderer that build kept (link-unchanged-pages.ts). No Vite, no walk over every file: it asks every
 * route for its paths and keys again (a route whose rows did not change answers from its records,
 * route-fingerprints.ts), renders the pages whose key changed (and the few fixed pages without one),
 * removes the pages that are gone, and keeps Astro's cache as a build would have left it, so the next `astro build`
 * still restores or links every page it did not render.
 *
 * Each file is replaced by rename(2), so a request reads a whole old or a whole new page. The records that let a
 * later build reuse files (Astro's manifest and its copy in the build) are set aside while files change: a republish
 * cut off midway leaves a build that renders what it cannot trust, never one that keeps a page under an old key.
 */
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroPrerenderer } from 'astro';
import { forgetBuildReads } from '../build-reads.ts';
import { ENCODED_SUFFIX } from '../compression/encodings.ts';
import { precompressFiles, variantCacheIn } from '../compression/precompress.ts';
import { BUILD_START_FILE } from '../publishing/static-pages.ts';
import { runAll } from '../run-all.ts';
import { MANIFEST_COPY, pageKey } from './link-unchanged-pages.ts';
import { ASTRO_MANIFEST, readIncrementalManifest, type IncrementalSummary } from './incremental-summary.ts';
import { forgetRouteFingerprints, withReusedRoutes } from './route-fingerprints.ts';

type StaticPath = Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>[number];

/** Astro's default prerenderer after its setup: getStaticPaths() answers from its route cache until that is cleared. */
type KeptPrerenderer = AstroPrerenderer & { app?: { routeCache?: { clearAll(): void } } };

export interface RepublishDirs {
  /** The build's outDir: the manifest's output files are relative to it. */
  outDir: string;
  /** Astro's cacheDir: its manifest, its copies of the pages, the precompressed variants. */
  cacheDir: string;
  /** The origin the build rendered its pages for (the site's). */
  origin: string;
}

/** Under Astro's cacheDir: its copies of the keyed pages (astro/dist/core/build/incremental.js). */
const CACHED_OUTPUT = 'dist';
/** Astro's build.concurrency (astro.config.mjs). */
const RENDERS_AT_ONCE = 4;

export async function republish(prerenderer: KeptPrerenderer, dirs: RepublishDirs): Promise<IncrementalSummary> {
  try {
    return await republishPages(prerenderer, dirs);
  } catch (error) {
    forgetRouteFingerprints();
    throw error;
  }
}

async function republishPages(prerenderer: KeptPrerenderer, dirs: RepublishDirs): Promise<IncrementalSummary> {
  // Before the first read: a row changed after this is newer than its page, which the static-page gate knows.
  const startedAt = new Date().toISOString();
  const manifest = await readIncrementalManifest(dirs.cacheDir);
  if (!manifest) throw new Error(`Astro's manifest (${ASTRO_MANIFEST}) is not in ${dirs.cacheDir}: only a build can republish.`);
  const manifestFile = join(dirs.cacheDir, ASTRO_MANIFEST);
  prerenderer.app?.routeCache?.clearAll();
  forgetBuildReads();
  const paths = uniquePaths(await withReusedRoutes(() => prerenderer.getStaticPaths()));

  const summary: IncrementalSummary = { rendered: 0, reused: 0 };
  const toRender: StaticPath[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    seen.add(pageKey(path.route.component, path.pathname));
    const previous = manifest.routes[path.route.component]?.paths[path.pathname];
    if (path.cacheKey !== undefined && previous?.cacheKey === path.cacheKey) {
      summary.reused++;
      continue;
    }
    if (path.cacheKey !== undefined) summary.rendered++;
    toRender.push(path);
  }
  const gone: string[] = [];
  for (const [component, route] of Object.entries(manifest.routes)) {
    for (const [pathname, entry] of Object.entries(route.paths)) {
      if (!seen.has(pageKey(component, pathname))) {
        gone.push(entry.outputFile);
        delete route.paths[pathname];
      }
    }
  }
  // Set aside while files change: the pages about to be rewritten leave the records first.
  for (const path of toRender) delete manifest.routes[path.route.component]?.paths[path.pathname];
  const clientDir = join(dirs.outDir, 'client');
  await rm(join(clientDir, MANIFEST_COPY), { force: true });
  await writeAtomically(manifestFile, JSON.stringify(manifest));

  const written: string[] = [];
  await runAll(toRender, RENDERS_AT_ONCE, async (path) => {
    const outputFile = outputFileOf(path, dirs.outDir);
    const body = await render(prerenderer, path, dirs.origin);
    const file = fileIn(dirs.outDir, outputFile);
    await writeAtomically(file, body);
    // A variant of the old page must not outlive it (the new one may not be worth compressing).
    await removeVariants(file);
    written.push(relative(clientDir, file));
    if (path.cacheKey === undefined) return;
    await writeAtomically(fileIn(join(dirs.cacheDir, CACHED_OUTPUT), outputFile), body);
    // A route new to the manifest gets a code hash no build has: the next build renders its pages, while the next
    // republish keeps them (route-fingerprints.ts may give it no props to render them with).
    const route = (manifest.routes[path.route.component] ??= { dependencyHash: '', paths: {} });
    route.paths[path.pathname] = { cacheKey: path.cacheKey, outputFile };
  });
  await precompressFiles(clientDir, written, variantCacheIn(dirs.cacheDir));
  await runAll(gone, RENDERS_AT_ONCE, async (outputFile) => {
    const file = fileIn(dirs.outDir, outputFile);
    await Promise.all([rm(file, { force: true }), removeVariants(file), rm(fileIn(join(dirs.cacheDir, CACHED_OUTPUT), outputFile), { force: true })]);
    await removeEmptyFolders(dirname(file), clientDir);
  });

  await writeAtomically(join(clientDir, BUILD_START_FILE), startedAt);
  const text = JSON.stringify(manifest);
  await writeAtomically(manifestFile, text);
  await writeAtomically(join(clientDir, MANIFEST_COPY), text);
  return summary;
}

/** As Astro's build does: the first route to claim a pathname (trailing slash aside) gets it. */
function uniquePaths(paths: StaticPath[]): StaticPath[] {
  const claimed = new Set<string>();
  return paths.filter(({ pathname }) => {
    const normalized = pathname.replace(/\/+$/, '');
    if (claimed.has(normalized)) return false;
    claimed.add(normalized);
    return true;
  });
}

/** The page's file relative to outDir, spelled as Astro's manifest spells it (the `directory` build format). */
function outputFileOf({ pathname, route }: StaticPath, outDir: string): string {
  const name = route.type === 'endpoint' ? pathname
    : pathname === '/' || pathname === '' ? '/index.html'
    : pathname === '/404' || pathname === '/500' ? `${pathname}.html`
    : `${pathname.replace(/\/+$/, '')}/index.html`;
  const base = folderUrl(outDir);
  return new URL(`./client${encodeURI(name)}`, base).href.slice(base.href.length);
}

/** The file an output file of the manifest (a URL path, percent-encoded) names under `folder`, as Astro resolves it. */
function fileIn(folder: string, outputFile: string): string {
  return fileURLToPath(new URL(outputFile, folderUrl(folder)));
}

const folderUrl = (folder: string) => pathToFileURL(folder.endsWith(sep) ? folder : folder + sep);

async function render(prerenderer: AstroPrerenderer, { pathname, route }: StaticPath, origin: string): Promise<Buffer> {
  // The URL Astro's build asks for: a page's with the trailing slash of the `directory` format.
  const urlPath = route.type === 'endpoint' || pathname.endsWith('/') ? pathname : `${pathname}/`;
  const rendered = await prerenderer.render(new Request(new URL(encodeURI(urlPath), origin)), { routeData: route, collectMetadata: false });
  const response = rendered instanceof Response ? rendered : rendered.response;
  // Astro's build writes whatever a page answers (the 404 page answers 404); no prerendered route redirects.
  if (response.status >= 300 && response.status < 400) throw new Error(`Rendering ${pathname} answered ${response.status}.`);
  return Buffer.from(await response.arrayBuffer());
}

async function writeAtomically(file: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  await writeFile(aside, content);
  await rename(aside, file);
}

function removeVariants(file: string): Promise<unknown> {
  return Promise.all(Object.values(ENCODED_SUFFIX).map((suffix) => rm(file + suffix, { force: true })));
}

/** A gone page's folders, up to the client directory, as far as they are now empty. */
async function removeEmptyFolders(folder: string, clientDir: string): Promise<void> {
  for (let current = folder; current.startsWith(clientDir) && current !== clientDir; current = dirname(current)) {
    if (!(await rmdir(current).then(() => true, () => false))) return;
  }
}
