/** The catalogue's version (db/migrations/0005_catalogue_version.ts): it changes whenever the public catalogue does. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export async function readCatalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
  return Number(row.version);
}
