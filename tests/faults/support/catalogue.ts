/** The fault tier's tiny catalogue: enough published titles for the cases, small enough to build fast. */
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../../db/migrate.ts';
import type { Database } from '../../../db/schema.ts';
import { seedDemoCatalogue } from '../../../src/lib/demo/seed.ts';

export const FAULTS_SEED = { movies: 40, shows: 4, people: 60 };

export async function seedFaultsCatalogue(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  await seedDemoCatalogue(db, { ...FAULTS_SEED, accounts: false });
}
