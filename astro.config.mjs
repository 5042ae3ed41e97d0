// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import { cacheNetlify } from '@astrojs/netlify/cache';
import node from '@astrojs/node';
import { islandDirectives } from './src/lib/islands/integration.ts';
import { netlifySecurityHeaders } from './src/lib/security/integration.ts';
import { PAGE_CSP_DIRECTIVES } from './src/lib/security/headers.ts';
import { precompressStatic } from './src/lib/compression/precompress.ts';
import { cataloguePagesOnDemand } from './src/lib/publishing/integration.ts';
import { astroCacheDir, astroOutDir, canonicalSiteUrl, targetsNetlify } from './src/lib/settings.ts';

// Netlify's builds (and DEPLOY_TARGET=netlify) use its adapter; everywhere else the site runs on Node's server.
const onNetlify = targetsNetlify();

export default defineConfig({
  site: canonicalSiteUrl(),
  output: 'static',
  adapter: onNetlify ? netlify() : node({ mode: 'middleware' }),
  // On Netlify the catalogue pages render on demand and stay in its CDN, purged by tag (src/lib/publishing/); the
  // Node server prerenders them and its publisher renews them. Netlify gets a _headers file; the Node server sends
  // precompressed files (src/lib/compression/), as Netlify's CDN compresses by itself.
  integrations: [react(), islandDirectives(), ...(onNetlify ? [cataloguePagesOnDemand(), netlifySecurityHeaders()] : [precompressStatic()])],
  ...(onNetlify ? { cache: { provider: cacheNetlify() } } : {}),
  outDir: astroOutDir() ?? './dist',
  // Inside the project (package resolution); the precompressed variants live here.
  cacheDir: astroCacheDir(),
  trailingSlash: 'ignore',
  // Styles inline in each page (~4 KB compressed): no render-blocking request before the first paint (LCP on mobile).
  build: { format: 'directory', concurrency: 4, inlineStylesheets: 'always' },
  vite: {
    plugins: [{
      // No <link rel=modulepreload> per dependency of a dynamic import (an island's component): appending them costs
      // a long task on a phone, and the browser fetches the chunks itself.
      // A plugin because Astro sets the client build's modulePreload over the user's `build`.
      name: 'cinecat:no-modulepreload',
      configEnvironment: (name) => (name === 'client' ? {
        build: {
          modulePreload: false,
          // The page scripts (src/components/layout/page-scripts.ts) and what they import in one chunk, with Rolldown's
          // runtime: a page makes 2 module requests for them, not 9.
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'page-scripts', test: /[\\/]components[\\/]layout[\\/](PageScripts\.astro|page-scripts\.ts)|rolldown[\\/]runtime/ }] } } },
        },
      } : undefined),
    }],
  },
  // No Markdown here; Shiki's inline styles would not pass the CSP anyway.
  markdown: { syntaxHighlight: false },
  security: {
    checkOrigin: true,
    // Hashes for Astro's own scripts and styles; the rest of the policy and the headers: src/lib/security/headers.ts.
    csp: {
      directives: [...PAGE_CSP_DIRECTIVES],
      // style="" attributes (React islands' computed backgrounds and widths) are allowed; <style> needs a hash.
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
});
