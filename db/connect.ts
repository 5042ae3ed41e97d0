/**
 * The one place that knows which Postgres we talk to.
 *
 * - `embedded`: the PGlite socket server that `npm start` runs (see embedded-server.ts), reached over TCP with `pg`.
 * - `postgres`: any Postgres reachable by URL, through a `pg` pool.
 * - `neon`: Neon's serverless driver (WebSockets), used on Netlify.
 * - `pglite`: an in-process PGlite, for tests and one-off tools that own their data directory.
 */
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export const DEFAULT_EMBEDDED_PORT = 54329;

export type DatabaseSettings =
  | { kind: 'embedded'; port: number }
  | { kind: 'postgres'; url: string }
  | { kind: 'neon'; url: string; wsProxy?: string }
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseEnv {
  DATABASE_URL?: string;
  NETLIFY_DATABASE_URL?: string;
  EMBEDDED_DB_PORT?: string | number;
  NEON_WS_PROXY?: string;
}

/** Reads the settings from environment variables; no URL means the embedded database. */
export function databaseSettings(env: DatabaseEnv): DatabaseSettings {
  const url = env.DATABASE_URL || env.NETLIFY_DATABASE_URL;
  if (!url) return { kind: 'embedded', port: Number(env.EMBEDDED_DB_PORT) || DEFAULT_EMBEDDED_PORT };
  if (env.NEON_WS_PROXY || isNeonHost(url)) return { kind: 'neon', url, wsProxy: env.NEON_WS_PROXY };
  return { kind: 'postgres', url };
}

function isNeonHost(url: string): boolean {
  try {
    return new URL(url).hostname.endsWith('.neon.tech');
  } catch {
    return false;
  }
}

// Postgres type OIDs whose default JS mapping differs between drivers.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** int8 and numeric become numbers, dates stay 'YYYY-MM-DD' strings, whatever the driver. */
export const typeParsers: Record<number, (value: string) => unknown> = {
  [INT8]: (value) => Number(value),
  [NUMERIC]: (value) => Number(value),
  [DATE]: (value) => value,
};

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    return typeParsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

export async function createDb(settings: DatabaseSettings): Promise<Kysely<Database>> {
  switch (settings.kind) {
    case 'embedded':
      return pgKysely(`postgres://postgres:postgres@127.0.0.1:${settings.port}/postgres`, 8);
    case 'postgres':
      return pgKysely(settings.url, 10);
    case 'neon': {
      const { Pool, neonConfig } = await import('@neondatabase/serverless');
      if (settings.wsProxy) {
        // Local Postgres behind a ws->tcp proxy (tests); Neon itself needs none of this.
        const { WebSocket } = await import('ws');
        neonConfig.webSocketConstructor = WebSocket as never;
        const proxy = settings.wsProxy.replace(/^wss?:\/\//, ''); // Neon adds the scheme itself
        neonConfig.wsProxy = (host, port) => `${proxy}/?address=${host}:${port}`;
        neonConfig.useSecureWebSocket = false;
        neonConfig.pipelineConnect = false;
      }
      const pool = new Pool({ connectionString: settings.url, types: pgTypes as never });
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
    }
    case 'pglite': {
      const pglite = await openPGlite(settings.dataDir);
      return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    }
  }
}

function pgKysely(connectionString: string, max: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max, types: pgTypes });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.warn(`Database connection lost: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** A PGlite instance with the extensions our schema uses. Only one process may open a data directory. */
export async function openPGlite(dataDir?: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return PGlite.create({ dataDir, extensions: { pg_trgm, unaccent }, parsers: typeParsers });
}
