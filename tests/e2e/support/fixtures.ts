/** The e2e test object: baseURL from the global setup, and `db` for looking up seeded rows. */
import { test as base, expect } from '@playwright/test';
import type { Kysely } from 'kysely';
import { createDb } from '../../../db/connect.ts';
import type { Database } from '../../../db/schema.ts';

export const test = base.extend<object, { db: Kysely<Database> }>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  db: [
    async ({}, use) => {
      const db = await createDb({ kind: 'embedded', port: Number(process.env.E2E_DB_PORT) });
      await use(db);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
});

export { expect };
