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
      const pool = new Pool({ connectionString: settings.url, types: pgTypes as never, ...POOL_TIMEOUTS });
      survivingLostConnections(pool as unknown as pg.Pool);
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
    }
    case 'pglite': {
      const pglite = await openPGlite(settings.dataDir);
      return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    }
  }
}

/**
 * A database that does not answer must fail a request quickly (503, see isDatabaseUnavailable), not hold it: a
 * connection attempt gives up after 10 s (the embedded server, one busy thread, may take seconds to accept).
 * Connections that died are dropped by the pool on release (pg-pool discards a client whose socket ended), so the
 * next request opens a fresh one.
 */
const POOL_TIMEOUTS = { connectionTimeoutMillis: 10_000, keepAlive: true };

/**
 * A connection dropped by the server (restart, shutdown, killed) must not crash the process. The pool reports an
 * idle one (and reconnects), but a connection checked out between two queries emits 'error' with nobody listening:
 * an uncaught exception. So every connection gets a listener; the query it was running fails on its own (503), and
 * the pool discards the dead connection on release.
 */
function survivingLostConnections(pool: pg.Pool): void {
  pool.on('error', (error) => console.warn(`Database connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
}

function pgKysely(connectionString: string, max: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max, types: pgTypes, ...POOL_TIMEOUTS });
  survivingLostConnections(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

// Socket errors of a server that is gone or unreachable.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATE: class 08 (connection exception), shutting down / restarting (57P01-57P03), too many connections (53300).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
// What pg, pg-pool and the Neon driver say when a connection ends or cannot be made in time.
const UNAVAILABLE_MESSAGE = /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error|WebSocket (connection )?(closed|error)/i;

/**
 * True when `error` says the database is away (stopped, restarting, unreachable, refusing connections), whatever
 * the driver: the request may succeed later, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** A PGlite instance with the extensions our schema uses. Only one process may open a data directory. */
export async function openPGlite(dataDir?: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return PGlite.create({ dataDir, extensions: { pg_trgm, unaccent }, parsers: typeParsers });
}
