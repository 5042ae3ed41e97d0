/**
 * The catalogue's pages, listed once (src/lib/pages/index.ts) for the publishing tests and benchmarks, are exactly the
 * routes under src/pages that answer as catalogue pages (page-answer.ts), and Astro's private state the publisher
 * reads (src/lib/publishing/astro-internals.ts) is where it expects it: an Astro upgrade that moves it fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PAGES } from '../../src/lib/pages/index.ts';
import { isCataloguePage } from '../../src/lib/publishing/integration.ts';

/** A route file's URL pattern, as Astro derives it from the file's path. */
function routeOf(file: string): string {
  const route = file.slice('src/pages'.length).replace(/\.(astro|ts)$/, '').replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

describe('catalogue pages', () => {
  it('are the routes that answer as catalogue pages, the on-demand fallbacks of detail pages aside', () => {
    const files = readdirSync('src/pages', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    const answering = files.filter((file) => isCataloguePage(readFileSync(file, 'utf8')) && !file.includes('[...'));
    expect(answering.map(routeOf).sort()).toEqual(CATALOGUE_PAGES.map((kind) => kind.route).sort());
  });
});

describe("Astro's private state the publisher reads", () => {
  const source = (file: string) => readFileSync(join('node_modules/astro/dist', file), 'utf8');

  it('keeps the default prerenderer\'s app on it, with its route cache, whose entries one route\'s listing replaces', () => {
    expect(source('core/build/default-prerenderer.js')).toContain('prerenderer.app = app;');
    expect(source('core/build/app.js')).toMatch(/get routeCache\(\) \{\s*return getRouteCache\(this\.manifest\);/);
    const cache = source('core/render/route-cache.js');
    expect(cache).toMatch(/clearAll\(\) \{\s*this\.cache = \{\};/);
    expect(cache).toMatch(/get\(route\) \{\s*return this\.cache\[this\.key\(route\)\];/);
    expect(cache).toContain('const cached = routeCache.get(route);');
    expect(cache).toContain('routeCache.set(route, { ...cached, mod, staticPaths: keyedStaticPaths });');
    const staticPaths = source('runtime/prerender/static-paths.js');
    expect(staticPaths).toContain('for (const { routeData } of manifest.routes) {');
    expect(staticPaths).toContain('const routeCache = this.#app.routeCache ?? getRouteCache(manifest);');
    expect(staticPaths).toContain('await this.#app.getComponentByRoute(route)');
  });

  it('keys a route\'s cached pages by the pathname its listing gives each, and matches a render\'s params by that key', () => {
    const cache = source('core/render/route-cache.js');
    expect(cache).toMatch(/if \(cached\?\.staticPaths && cached\.mod === mod\) \{\s*return cached\.staticPaths;/);
    expect(cache).toContain('const paramsKey = stringifyParams(sp.params, route, trailingSlash);\n    keyedStaticPaths.keyed.set(paramsKey, sp);');
    expect(cache).toMatch(/function findPathItemByKey\(staticPaths, params, route, logger, trailingSlash\) \{\s*const paramsKey = stringifyParams\(params, route, trailingSlash\);\s*const matchedStaticPath = staticPaths\.keyed\.get\(paramsKey\);/);
    expect(source('runtime/prerender/static-paths.js')).toContain('const pathname = stringifyParams(staticPath.params, route, manifest.trailingSlash);');
  });

  it('removes the prerender bundle after generating, from <build.server>/.prerender/, and calls build:generated first', () => {
    expect(source('prerender/utils.js')).toContain('return new URL("./.prerender/", getServerOutputDirectory(settings));');
    const build = source('core/build/static-build.js');
    const generated = build.indexOf('await generatePages(opts, internals, prerenderOutputDir);');
    expect(generated).toBeGreaterThan(0);
    expect(build.indexOf('await fs.promises.rm(prerenderOutputDir', generated)).toBeGreaterThan(generated);
    expect(source('core/build/generate.js')).toMatch(/await runHookBuildGenerated\(\{[\s\S]*\}\);\s*\}\s*const THRESHOLD_SLOW_RENDER_TIME_MS/);
  });

  it('leaves its prerender entry out of the build when a prerenderer is set before the SSR build, and names the no-match error', () => {
    expect(source('core/build/vite-build-config.js')).toContain('...!legacyAdapter && settings.prerenderer ? {} : { input: "astro/entrypoints/prerender" }');
    expect(source('core/errors/errors-data.js')).toContain('name: "NoMatchingStaticPathFound"');
    // A prerendered request's headers warn when read; the publisher reads If-None-Match past that getter.
    expect(source('core/request.js')).toContain('is not available on prerendered pages');
  });
});
