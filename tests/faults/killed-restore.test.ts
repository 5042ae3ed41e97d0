/**
 * The web server killed (SIGKILL) in the middle of a restore ("replace everything"): every table is exactly as before
 * (0 rows changed: the restore is one transaction), and the restarted site serves it.
 */
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createBackup } from '../../src/lib/backup/backup.ts';
import { BACKUP_TABLE_ORDER } from '../../src/lib/backup/tables.ts';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../../src/lib/backup/contract.ts';
import { describeEachEngine, jsonRequest, reportRecovery, signedIn, waitUntil, type Engine } from './support/harness.ts';

// Enough rows that the restore's transaction is still open when the kill lands (on the embedded database; on
// PostgreSQL the test holds it open, see watchRestore).
const EXTRA_MOVIES = 20_000;
// The table a replace empties last: it deletes children first, in reverse BACKUP_TABLE_ORDER (genres).
const EMPTIED_LAST = BACKUP_TABLE_ORDER[0]!;

type Tables = Record<string, Record<string, unknown>[]>;
interface Backup { created_at: string; tables: Tables }

/** Per table, the rows not found byte for byte (as the backup serialises them) on the other side: {} when none. */
function rowsChanged(before: Tables, after: Tables): Record<string, { gone: number; new: number }> {
  const changed: Record<string, { gone: number; new: number }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const texts = (rows: Tables[string] = []) => new Set(rows.map((row) => JSON.stringify(row)));
    const [was, is] = [texts(before[table]), texts(after[table])];
    const gone = [...was].filter((row) => !is.has(row)).length;
    const added = [...is].filter((row) => !was.has(row)).length;
    if (gone || added) changed[table] = { gone, new: added };
  }
  return changed;
}

interface RestoreWatch {
  /** True while the restore's transaction is open (on PostgreSQL: held open until release()). */
  underWay(): Promise<boolean>;
  /** Lets go of the restore (idempotent). */
  release(): Promise<void>;
  /** After the kill and release(): resolves once the restore's transaction has ended. */
  ended(): Promise<void>;
}

/**
 * How the test knows the kill lands inside the restore's transaction, per engine.
 *
 * - PostgreSQL: the test holds a SHARE lock on the table a replace empties last, taken before the restore starts. The
 *   restore's transaction empties every other table, then waits for that lock (pg_locks shows it waiting); the kill
 *   lands there. Once released, its session (which cannot know its client is gone until it answers) finishes the
 *   delete, finds the connection closed and ends, rolling back.
 * - embedded: one session serves every connection, so no lock of ours could be held beside the restore; its
 *   transaction is open while our own query waits behind it.
 */
async function watchRestore(engine: Engine, db: Kysely<Database>): Promise<RestoreWatch> {
  if (engine === 'embedded') {
    return {
      underWay() {
        const probe = sql`SELECT 1`.execute(db).then(() => false, () => false);
        return Promise.race([probe, new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1_000))]);
      },
      release: async () => {},
      ended: async () => {},
    };
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let locked!: () => void;
  const lockHeld = new Promise<void>((resolve) => { locked = resolve; });
  const holding = db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.table(EMPTIED_LAST)} IN SHARE MODE`.execute(trx);
    locked();
    await released;
  });
  await Promise.race([lockHeld, holding]);
  let restorePid: number | undefined;
  return {
    async underWay() {
      const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_locks WHERE NOT granted AND relation = ${EMPTIED_LAST}::regclass`.execute(db);
      restorePid = rows[0]?.pid;
      return restorePid !== undefined;
    },
    async release() {
      release();
      await holding;
    },
    ended: () => waitUntil('the killed restore\'s session to end', async () => {
      const { rows } = await sql`SELECT 1 FROM pg_stat_activity WHERE pid = ${restorePid}`.execute(db);
      return rows.length === 0;
    }),
  };
}

describeEachEngine('the web server killed during a restore (%s)', 'restore', (fault) => {
  it('leaves every table as it was, and the restarted site serves it', async () => {
    const { database, engine } = fault;
    const admin = await signedIn(database.db, 'admin');
    // What a backup download holds (the same code, over the test's own connection).
    const tables = async () => (await createBackup(database.db)).tables as Tables;
    const download = async (origin: string) => {
      const response = await fetch(`${origin}/api/admin/backup`, { headers: { Cookie: admin.cookie } });
      expect(response.status).toBe(200);
      return ((await response.json()) as Backup).tables;
    };
    let site = await fault.startSite();
    const before = await tables();
    expect(await download(site.origin)).toEqual(before);

    const movies = before.movies!;
    const template = movies[0]!;
    const highest = Math.max(...movies.map((movie) => Number(movie.id)));
    const highestTmdb = Math.max(...movies.map((movie) => Number(movie.tmdb_id)));
    const extra = Array.from({ length: EXTRA_MOVIES }, (_, i) => ({ ...template, id: highest + 1 + i, tmdb_id: highestTmdb + 1 + i, title: `Restored ${i}` }));
    const file = { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at: new Date().toISOString(), tables: { ...before, movies: [...movies, ...extra] } };

    const watch = await watchRestore(engine, database.db);
    try {
      let answered: number | null = null;
      const restore = fetch(`${site.origin}/api/admin/restore?mode=replace`, { ...jsonRequest(site.origin, 'POST', file, admin.cookie), signal: AbortSignal.timeout(600_000) })
        .then((response) => { answered = response.status; }, () => {});
      await waitUntil('the restore transaction to be under way', async () => {
        if (answered !== null) throw new Error(`The restore finished (${answered}) before the kill: make EXTRA_MOVIES larger.`);
        return watch.underWay();
      }, 240_000);
      await site.kill();
      await restore;
      expect(answered).toBeNull();
    } finally {
      await watch.release();
    }
    await watch.ended();
    const after = await tables();
    expect(rowsChanged(before, after)).toEqual({});
    const rows = Object.values(before).reduce((sum, table) => sum + table.length, 0);
    console.log(`[faults] ${engine}: ${rows} rows in ${Object.keys(before).length} tables unchanged after a kill mid-restore`);

    // The restarted site serves it, to the same admin (sessions were not ended: the restore did not happen).
    const restart = performance.now();
    site = await fault.startSite();
    expect(await download(site.origin)).toEqual(after);
    reportRecovery(`${engine}: site serving the unchanged database after a kill mid-restore`, performance.now() - restart);
    expect((await fetch(site.origin, { signal: AbortSignal.timeout(30_000) })).status).toBe(200);
  });
});
