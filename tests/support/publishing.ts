/** What a test reads of publishing: the markers writers add when they wait for the pages they changed (change-log.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How many times writers waited for the publishers (each catalogueChanged adds one marker). */
export async function publishWaits(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('count')).where('op', '=', 'S').executeTakeFirstOrThrow();
  return Number(row.count);
}
