/**
 * The embedded database: one process owns the PGlite data directory and serves it over the Postgres wire
 * protocol, so the web server, `astro build` and scripts can all connect with `pg` at the same time.
 * (Two processes opening one PGlite directory corrupt it silently.)
 */
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { sql, type Kysely } from 'kysely';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createDb, openPGlite } from './connect.ts';
import type { Database } from './schema.ts';

export const DEFAULT_DATA_DIR = 'data/pglite';

export interface EmbeddedServer {
  port: number;
  stop(): Promise<void>;
}

/** True when something already accepts connections on the port (another process owns the database). */
export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function startEmbeddedServer(options: { dataDir?: string; port: number }): Promise<EmbeddedServer> {
  const dataDir = options.dataDir || DEFAULT_DATA_DIR;
  mkdirSync(dataDir, { recursive: true });
  const pglite = await openPGlite(dataDir);
  const server = new PGLiteSocketServer({ db: pglite, port: options.port, host: '127.0.0.1', maxConnections: 100 });
  keepRoundTripsTogether((server as unknown as { queryQueue: QueryQueue }).queryQueue);
  await server.start();
  const maintenance = keepTablesMaintained(options.port);
  return {
    port: options.port,
    async stop() {
      await maintenance.stop();
      await server.stop();
      await pglite.close();
    },
  };
}

/** How often the tables are checked: soon enough that a seed or an import is planned for within seconds. */
const MAINTENANCE_CHECK_MS = 10_000;

/**
 * The tables autovacuum's defaults would vacuum (and analyze) or only analyze now: dead rows past 50 and a fifth of the
 * table, or rows added past 1,000 and a fifth, and rows changed past 50 and a tenth for an analyze. The table's size is
 * the planner's estimate (`pg_class.reltuples`), as autovacuum reads it: PGlite's activity counters start again at
 * zero with each process, so `n_live_tup` would take a 50,000-row table for empty, and its 51st update would make the
 * server vacuum the whole table while every other query waits.
 */
export async function tablesDueForUpkeep(db: Kysely<Database>): Promise<{ name: string; vacuum: boolean }[]> {
  const { rows } = await sql<{ name: string; vacuum: boolean }>`select name, vacuum_due as vacuum from (
      select format('%I.%I', stats.schemaname, stats.relname) as name,
        stats.n_dead_tup > 50 + 0.2 * size.rows or stats.n_ins_since_vacuum > 1000 + 0.2 * size.rows as vacuum_due,
        stats.n_mod_since_analyze > 50 + 0.1 * size.rows as analyze_due
      from pg_stat_user_tables stats
      cross join lateral (select greatest(reltuples, 0) as rows from pg_class where oid = stats.relid) size) as tables
    where vacuum_due or analyze_due`.execute(db);
  return rows;
}

/**
 * PGlite runs no autovacuum, so nothing ever analyzes or vacuums its tables. Without statistics every query is
 * planned blind: at 10k titles a person page's credits were read by a scan of all 90,000 (14.6 ms instead of
 * 0.45 ms). Without vacuum, every update leaves its old row behind for good, and no page of a table is marked all
 * visible, so a count cannot read an index alone: a category's count at 50,000 movies took 40 ms instead of 10.
 * This vacuums and analyzes the tables autovacuum would, as a client of the server like any other, so it never runs
 * inside another connection's transaction.
 */
function keepTablesMaintained(port: number): { stop(): Promise<void> } {
  const db = createDb({ kind: 'embedded', port });
  let failing = false;
  const check = async () => {
    try {
      for (const { name, vacuum } of await tablesDueForUpkeep(await db)) {
        await sql`${sql.raw(vacuum ? 'vacuum (analyze)' : 'analyze')} ${sql.raw(name)}`.execute(await db);
      }
      failing = false;
    } catch (error) {
      if (!failing) console.warn(`[database] could not vacuum or analyze the tables; retrying: ${error instanceof Error ? error.message : String(error)}`);
      failing = true;
    }
  };
  let running = check();
  const timer = setInterval(() => { running = running.then(check); }, MAINTENANCE_CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await (await db).destroy();
    },
  };
}

/** The parts of pglite-socket's QueryQueueManager (0.2.x) that keepRoundTripsTogether replaces. */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
}
interface QueryQueue {
  db: { isInTransaction(): boolean; runExclusive<T>(fn: () => Promise<T>): Promise<T>; execProtocolRawStream(message: Uint8Array, options: { onRawData(data: Uint8Array): void }): Promise<unknown> };
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Extended-query messages that leave the connection mid round trip: Parse, Bind, Describe, Execute, Close, Flush. */
const MID_ROUND_TRIP = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket queues each protocol message on its own, and PGlite has one session for all connections. So a
 * connection's Parse and its Bind could be split by another connection's Parse (typically around a transaction,
 * during which only the transaction's owner runs): the Bind then meets the other statement ('bind message supplies
 * 1 parameters, but prepared statement "" requires 2'), or silently runs the wrong query. As a real server's
 * separate sessions would, this keeps a connection's messages together until its Sync (or simple Query) ends the
 * round trip, on top of the library's rule that an open transaction's owner runs alone. It also releases the queue
 * after a failed message, where the library would stop processing for good.
 */
function keepRoundTripsTogether(queryQueue: QueryQueue): void {
  let midRoundTrip: number | null = null;
  const nextIndex = (): number => {
    const owner = midRoundTrip ?? (queryQueue.db.isInTransaction() ? queryQueue.lastHandlerId : null);
    return owner === null ? 0 : queryQueue.queue.findIndex((item) => item.handlerId === owner);
  };
  queryQueue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let index = nextIndex(); index !== -1 && this.queue.length > 0; index = nextIndex()) {
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() => this.db.execProtocolRawStream(item!.message, {
            onRawData: (data) => { bytes += data.length; item!.onData(data); },
          }));
        } catch (error) {
          midRoundTrip = null;
          item!.reject(error);
          continue;
        }
        midRoundTrip = MID_ROUND_TRIP.has(item!.message[0]!) ? item!.handlerId : null;
        this.lastHandlerId = item!.handlerId;
        item!.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clearQueueForHandler = queryQueue.clearQueueForHandler.bind(queryQueue);
  queryQueue.clearQueueForHandler = (handlerId) => {
    clearQueueForHandler(handlerId);
    // A connection that dropped mid round trip must not hold the session.
    if (midRoundTrip === handlerId) midRoundTrip = null;
    void queryQueue.processQueue();
  };
}
