/**
 * The one place the publisher reads Astro's private state, so that an Astro upgrade that changes it fails one test
 * (tests/unit/astro-internals.test.ts) instead of publishing stale pages.
 *
 * Astro removes the prerender bundle (`<build.server>/.prerender/`, astro/dist/prerender/utils.js) once its pages are
 * generated, but the publisher renders with it later, and a route no page of the build rendered (all kept from the
 * last run) imports its chunks only then (Node looks for a module's file at every import, loaded or not). So the
 * bundle is copied aside before Astro removes it, and put back once the build is done.
 *
 * Astro gives a prerendered page's request, in a build, headers that warn when read (astro/dist/core/request.js); the
 * publisher's own requests carry headers (If-None-Match, PUBLISHER_HEADER), read here past that warning.
 *
 * Astro's default prerenderer keeps its app on `prerenderer.app` after setup; the app caches each route's
 * getStaticPaths() for the build (`app.routeCache`, astro/dist/core/build/app.js, keyed by RouteCache.key). A page
 * published after the build has params the cache does not hold, and rendering it would fail with
 * NoMatchingStaticPathFound: when a route may have new pages, it lists them again (the prerenderer's own StaticPaths,
 * over that route alone) into a cache of its own, whose entry then replaces the app's at once. The build listed every
 * route, so a render never lists one itself: renders go on meanwhile, each with the whole old list or the whole new one.
 * When the new pages are known (one title's or person's page), they are added to the app's entry instead, keyed as
 * the listing keys its pages (by the pathname StaticPaths gives them).
 */
import { cp, rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroPrerenderer, RouteData } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';

const PRERENDER_BUNDLE = './.prerender/';
const KEPT_BUNDLE = './.prerender-kept/';

/** Copies the prerender bundle under the build's server directory (`build.server`, a file URL) aside. */
export async function keepPrerenderBundle(serverDir: URL): Promise<void> {
  const kept = fileURLToPath(new URL(KEPT_BUNDLE, serverDir));
  await rm(kept, { recursive: true, force: true });
  await cp(fileURLToPath(new URL(PRERENDER_BUNDLE, serverDir)), kept, { recursive: true });
}

/** Puts the bundle keepPrerenderBundle copied back where the prerenderer imports it from. */
export async function restorePrerenderBundle(serverDir: URL): Promise<void> {
  const bundle = fileURLToPath(new URL(PRERENDER_BUNDLE, serverDir));
  await rm(bundle, { recursive: true, force: true });
  await rename(fileURLToPath(new URL(KEPT_BUNDLE, serverDir)), bundle);
}

interface RouteCache {
  cache: Record<string, unknown>;
  key(route: RouteData): string;
  get(route: RouteData): unknown;
  set(route: RouteData, entry: unknown): void;
}

interface PrerenderApp {
  manifest: { routes: { routeData: RouteData }[] };
  routeCache: RouteCache;
  getComponentByRoute(route: RouteData): Promise<unknown>;
}

function appOf(prerenderer: AstroPrerenderer): PrerenderApp {
  const app = (prerenderer as AstroPrerenderer & { app?: Partial<PrerenderApp> }).app;
  if (typeof app?.routeCache?.cache !== 'object' || typeof app.routeCache.key !== 'function' || typeof app.routeCache.get !== 'function'
    || typeof app.routeCache.set !== 'function' || !Array.isArray(app.manifest?.routes)
    || typeof app.getComponentByRoute !== 'function') {
    throw new Error('Astro\'s prerenderer keeps no route cache where the publisher expects it: see astro-internals.ts.');
  }
  return app as PrerenderApp;
}

/** Every page of the prerendered routes `listed` picks, as their getStaticPaths() lists them now. */
export async function relistRoutes(prerenderer: AstroPrerenderer, listed: (route: RouteData) => boolean): Promise<{ pathname: string; route: RouteData }[]> {
  const app = appOf(prerenderer);
  const routes = app.manifest.routes.filter(({ routeData }) => routeData.prerender && listed(routeData));
  const key = (route: RouteData) => app.routeCache.key(route);
  const fresh: RouteCache = {
    cache: {}, key,
    get(route) { return this.cache[key(route)]; },
    set(route, entry) { this.cache[key(route)] = entry; },
  };
  const scoped = { manifest: { ...app.manifest, routes }, routeCache: fresh, getComponentByRoute: (route: RouteData) => app.getComponentByRoute(route) };
  const paths = await new StaticPaths(scoped as unknown as ConstructorParameters<typeof StaticPaths>[0]).getAll();
  Object.assign(app.routeCache.cache, fresh.cache);
  return paths;
}

/**
 * Adds the pages of `route` (a prerendered route's URL pattern) at `params` to the app's cached list of its pages, with
 * no listing of the route; returns each with its pathname. Astro's own StaticPaths makes their pathnames, over a cache
 * entry holding only them, so each is keyed as a listing of the whole route keys it. A route with no cached list is
 * listed whole.
 */
export async function listPages(prerenderer: AstroPrerenderer, route: string, params: readonly Record<string, string>[]): Promise<{ pathname: string; route: RouteData }[]> {
  const app = appOf(prerenderer);
  const routeData = app.manifest.routes.find(({ routeData }) => routeData.prerender && routeData.route === route)?.routeData;
  if (!routeData) throw new Error(`No prerendered route ${route}.`);
  const listed = app.routeCache.get(routeData) as { mod?: unknown; staticPaths?: StaticPathList } | undefined;
  if (!listed?.staticPaths) return relistRoutes(prerenderer, (candidate) => candidate === routeData);
  const added: StaticPathList = Object.assign(params.map((one) => ({ params: one })), { keyed: new Map() });
  const scoped = {
    manifest: { ...app.manifest, routes: [{ routeData }] },
    routeCache: { get: () => ({ mod: listed.mod, staticPaths: added }), set() {} },
    getComponentByRoute: async () => listed.mod,
  };
  const paths = await new StaticPaths(scoped as unknown as ConstructorParameters<typeof StaticPaths>[0]).getAll();
  paths.forEach(({ pathname }, at) => {
    if (listed.staticPaths!.keyed.has(pathname)) return;
    listed.staticPaths!.push(added[at]!);
    listed.staticPaths!.keyed.set(pathname, added[at]!);
  });
  return paths;
}

/** A route's cached getStaticPaths() result, keyed by pathname (astro/dist/core/render/route-cache.js). */
type StaticPathList = { params: Record<string, string> }[] & { keyed: Map<string, { params: Record<string, string> }> };

const requestHeaders = Object.getOwnPropertyDescriptor(Request.prototype, 'headers')!.get!;

/** The request's header `name`, without the warning Astro attaches to a build's request (which has none). */
export function requestHeader(request: Request, name: string): string | null {
  return (requestHeaders.call(request) as Headers).get(name);
}

/** Astro's error when a prerendered route's getStaticPaths() no longer lists the path asked for: the page is gone. */
export function isNoMatchingStaticPath(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'NoMatchingStaticPathFound';
}
