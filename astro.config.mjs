// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import node from '@astrojs/node';
import { islandDirectives } from './src/lib/islands/integration.ts';

// Netlify sets NETLIFY=true in its builds; everywhere else the site runs on Node's standalone server.
const onNetlify = process.env.NETLIFY === 'true' || process.env.DEPLOY_TARGET === 'netlify';

export default defineConfig({
  site: process.env.SITE_URL || process.env.URL || 'http://localhost:4321',
  output: 'static',
  adapter: onNetlify ? netlify() : node({ mode: 'standalone' }),
  integrations: [react(), islandDirectives()],
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', concurrency: 4 },
  security: { checkOrigin: true },
});
