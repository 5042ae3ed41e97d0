/** The application's database handle, configured from the server environment (see db/connect.ts). */
import { DATABASE_URL, EMBEDDED_DB_PORT, NETLIFY_DATABASE_URL } from 'astro:env/server';
import type { Kysely } from 'kysely';
import { createDb, databaseSettings } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';

let instance: Promise<Kysely<Database>> | undefined;

export function getDb(): Promise<Kysely<Database>> {
  instance ??= createDb(
    databaseSettings({ DATABASE_URL, NETLIFY_DATABASE_URL, EMBEDDED_DB_PORT, NEON_WS_PROXY: process.env.NEON_WS_PROXY }),
  );
  return instance;
}
