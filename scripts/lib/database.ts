/**
 * Opens the configured database for a command-line script. For the embedded default, a running
 * `npm start`/`npm run db:server` already owns the PGlite directory and we connect to it; when none is
 * running, this process starts the embedded server itself for as long as it runs.
 */
import type { Kysely } from 'kysely';
import { createDb, databaseSettings } from '../../db/connect.ts';
import { isPortOpen, startEmbeddedServer, type EmbeddedServer } from '../../db/embedded-server.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import { databaseEnv, embeddedDbDir } from '../../src/lib/settings.ts';

export interface ScriptDatabase {
  db: Kysely<Database>;
  /** True for the embedded demo database (no DATABASE_URL): the only place demo accounts are seeded by default. */
  embedded: boolean;
  /** Set when this process started the embedded server (and so owns the data directory). */
  server?: EmbeddedServer;
  close(): Promise<void>;
}

export async function openScriptDatabase(options: { migrate?: boolean } = {}): Promise<ScriptDatabase> {
  const settings = databaseSettings(databaseEnv());
  let server: EmbeddedServer | undefined;
  if (settings.kind === 'embedded' && !(await isPortOpen(settings.port))) {
    server = await startEmbeddedServer({ dataDir: embeddedDbDir(), port: settings.port });
  }
  const db = await createDb(settings);
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    db,
    embedded: settings.kind === 'embedded',
    server,
    async close() {
      await db.destroy();
      await server?.stop();
    },
  };
}
