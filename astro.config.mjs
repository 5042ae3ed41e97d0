// @ts-check
import { defineConfig, envField } from 'astro/config';
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
  // The server bundle knows when its static pages were built: titles changed since are rendered on demand (admin rebuild panel).
  vite: { define: { 'import.meta.env.SITE_BUILT_AT': JSON.stringify(new Date().toISOString()) } },
  env: {
    schema: {
      DATABASE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      NETLIFY_DATABASE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      EMBEDDED_DB_PORT: envField.number({ context: 'server', access: 'secret', optional: true }),
      AUTH_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Outgoing mail (src/lib/accounts/mail.ts): SMTP when SMTP_URL or SMTP_HOST is set, else files in OUTBOX_DIR.
      SMTP_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      SMTP_HOST: envField.string({ context: 'server', access: 'secret', optional: true }),
      SMTP_PORT: envField.number({ context: 'server', access: 'secret', optional: true }),
      SMTP_USER: envField.string({ context: 'server', access: 'secret', optional: true }),
      SMTP_PASSWORD: envField.string({ context: 'server', access: 'secret', optional: true }),
      MAIL_FROM: envField.string({ context: 'server', access: 'secret', optional: true }),
      OUTBOX_DIR: envField.string({ context: 'server', access: 'secret', optional: true }),
      TMDB_API_KEY: envField.string({ context: 'server', access: 'secret', optional: true }),
      TMDB_API_BASE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      SITE_NAME: envField.string({ context: 'client', access: 'public', default: 'CineCat' }),
      PUBLIC_AD_SCRIPT_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }), // ad network script for ad slots; none: slots stay empty
      // Footer links (placeholders until the project has its own pages).
      PUBLIC_DONATE_URL: envField.string({ context: 'client', access: 'public', default: 'https://www.buymeacoffee.com/' }),
      PUBLIC_SOCIAL_TWITTER_URL: envField.string({ context: 'client', access: 'public', default: 'https://twitter.com/' }),
      PUBLIC_SOCIAL_INSTAGRAM_URL: envField.string({ context: 'client', access: 'public', default: 'https://www.instagram.com/' }),
      PUBLIC_SOCIAL_FACEBOOK_URL: envField.string({ context: 'client', access: 'public', default: 'https://www.facebook.com/' }),
    },
  },
});
