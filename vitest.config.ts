/**
 * Three of the test tiers (e2e is Playwright: playwright.config.ts).
 *
 * - unit:        pure functions, no database, no network; fast and parallel.
 * - integration: real databases. The global setup starts a throwaway PostgreSQL server and a ws->tcp proxy once per
 *                run; each suite then makes its own fresh database per engine (tests/support/engines.ts).
 *                Files run one at a time: the machine has 2 cores and each file already keeps PGlite (WebAssembly),
 *                a PostgreSQL server and the ws proxy busy. Two workers measured only ~10% faster (13 s vs 14-15 s
 *                for the tier), not worth the CPU contention that makes timing-sensitive tests flaky.
 *
 * - faults:      real processes killed for real (SIGKILL) and databases that go away, against one shared build
 *                (tests/faults/support/global-setup.ts).
 *
 * Run one tier with `npm run test:unit` / `npm run test:integration` / `npm run test:faults`.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Admin writes queue rebuilds; tests exercise the queue without building the site. Snapshots of the in-memory
    // catalogue only where a test asks for them (catalogue-read-model.test.ts), so query counts stay exact.
    env: { REBUILD_MODE: 'off', CATALOGUE_SNAPSHOTS: 'off' },
    // Long enough for the global teardown to stop the PostgreSQL server.
    teardownTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/password-cost.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/password-cost.ts'],
          fileParallelism: false,
          // beforeAll creates and migrates a database per engine; PGlite's first start compiles its WebAssembly.
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/faults/support/global-setup.ts'],
          setupFiles: ['tests/support/password-cost.ts'],
          // Each file runs real servers and kills them; one at a time on a 2-core machine.
          fileParallelism: false,
          hookTimeout: 300_000,
          testTimeout: 300_000,
        },
      },
    ],
  },
});
