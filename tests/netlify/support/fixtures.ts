/**
 * The smoke test object: baseURL of the CDN stand-in in front of `netlify serve`, and `db` (the same PostgreSQL, through
 * the Neon driver).
 *
 * The local runtime loads the SSR function afresh for every invocation (seconds each on a busy machine), so pages
 * skip what the smoke run does not check: generated artwork (/art/*, one function call per image) and view events.
 */
import { test as base, expect } from '@playwright/test';
import type { Kysely } from 'kysely';
import { createDb } from '../../../db/connect.ts';
import type { Database } from '../../../db/schema.ts';

const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

export const test = base.extend<object, { db: Kysely<Database> }>({
  baseURL: async ({}, use) => use(process.env.NETLIFY_SMOKE_BASE_URL),
  page: async ({ page }, use) => {
    await page.route('**/art/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: BLANK_SVG }));
    await page.route('**/api/events/view', (route) => route.fulfill({ status: 204 }));
    await use(page);
  },
  db: [
    async ({}, use) => {
      const db = await createDb({ kind: 'neon', url: process.env.NETLIFY_SMOKE_DATABASE_URL!, wsProxy: process.env.NETLIFY_SMOKE_WS_PROXY });
      await use(db);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
});

export { expect };
