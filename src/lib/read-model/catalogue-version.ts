/** The catalogue's version (db/migrations/0005_catalogue_version.ts): it changes whenever the public catalogue does. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The version, when it was bumped, and the database's own id (0012_catalogue_snapshots.ts): version numbers of different
 * databases repeat, and a copy of a database keeps its id but diverges at its next bump, made at another instant.
 */
export interface CatalogueStamp { catalogueId: string; version: number; changedAt: string }

export async function readCatalogueStamp(db: Kysely<Database>): Promise<CatalogueStamp> {
  const row = await db.selectFrom('catalogue_version').select(['catalogue_id', 'version', 'changed_at']).executeTakeFirstOrThrow();
  return { catalogueId: row.catalogue_id, version: Number(row.version), changedAt: new Date(row.changed_at).toISOString() };
}
