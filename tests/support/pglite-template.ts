/**
 * Fresh PGlite databases, fast. Creating a PGlite runs initdb inside WebAssembly (~1.5 s here), while loading a
 * dumped data dir takes ~0.35 s. The global setup dumps one freshly created, empty (unmigrated) instance to a file;
 * each suite loads its own in-memory copy and migrates it as usual, so migrations still run per suite.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Kysely, PGliteDialect } from 'kysely';
import { openPGlite, typeParsers } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';

/** Writes the data dir of a new, empty PGlite (as db/connect.ts opens it) to `file`. */
export async function writePGliteTemplate(file: string): Promise<void> {
  const pglite = await openPGlite();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * An in-memory PGlite loaded from the template, set up like db/connect.ts's openPGlite (same extensions and type
 * parsers; a missing extension would show up as a failing migration).
 */
export async function openPGliteFromTemplate(file: string): Promise<Kysely<Database>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const pglite = await PGlite.create({
    loadDataDir: new Blob([readFileSync(file)]),
    extensions: { pg_trgm, unaccent },
    parsers: typeParsers,
  });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}
