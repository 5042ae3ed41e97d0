import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The Netlify smoke run (`npm run test:netlify`): the same Chromium setup as the e2e tier, against the site built
 * with @astrojs/netlify and served by `netlify serve --offline` (see tests/netlify/support/global-setup.ts).
 */
export default defineConfig({
  ...base,
  // Its own single project: the base config's projects are the e2e and fuzz tiers.
  projects: [{ name: 'netlify', testDir: 'tests/netlify' }],
  globalSetup: './tests/netlify/support/global-setup.ts',
  // The local runtime loads the SSR function for every call: a story of several signed-in steps takes minutes.
  timeout: 240_000,
  expect: { timeout: 60_000 },
  outputDir: 'test-results/netlify',
  // The service worker's fetches would bypass the fixtures' routes (support/fixtures.ts).
  use: { ...base.use, serviceWorkers: 'block' },
});
