import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (Playwright's own browser download does not work offline) against
 * the production build, served by the project's own server on a free port with a fresh database
 * (see tests/e2e/support/global-setup.ts), and the fuzz tier's hostile requests against the same server.
 */
export default defineConfig({
  testMatch: '**/*.spec.ts',
  // The fuzz tier (tests/fuzz) shares the built server; it runs after the e2e specs because its admin requests may
  // change the catalogue. Alone: `npm run test:fuzz`.
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'fuzz', testDir: 'tests/fuzz', dependencies: ['e2e'] },
  ],
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
});
