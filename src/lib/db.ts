/** The application's database handle, configured from the settings (see db/connect.ts). */
import type { Kysely } from 'kysely';
import { createDb, databaseSettings } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { databaseEnv } from './settings.ts';

let instance: Promise<Kysely<Database>> | undefined;

export function getDb(): Promise<Kysely<Database>> {
  instance ??= createDb(databaseSettings(databaseEnv()));
  return instance;
}
