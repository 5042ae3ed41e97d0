/** The web server killed (SIGKILL) in the middle of a restore: the database is exactly as before (0 rows changed). */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../../src/lib/backup/tables.ts';
import { caseDir, jsonRequest, reportRecovery, signedIn, startDatabase, startSite, waitUntil, type Engine, type FaultDatabase, type Site } from './support/harness.ts';

// Enough rows that the restore's transaction is still open when the kill lands.
const EXTRA_MOVIES = 20_000;

interface Backup { created_at: string; tables: Record<string, Record<string, unknown>[]> }

// Embedded only so far: on PostgreSQL the detection of the open transaction below did not fire in the first run.
describe.each<Engine>(['embedded'])('the web server killed during a restore (%s)', (engine) => {
  let database: FaultDatabase;
  let site: Site | undefined;

  beforeAll(async () => {
    database = await startDatabase(engine, caseDir(`restore-${engine}`));
  });
  afterAll(async () => {
    await site?.kill();
    await database?.close();
  });

  /** True while a restore's transaction is open: on PostgreSQL as pg_stat_activity shows it; on the embedded
   * server (one session for all connections) while the transaction's owner runs alone and our query waits. */
  async function restoreInProgress(): Promise<boolean> {
    if (engine === 'postgres') {
      const { rows } = await sql<{ open: number }>`SELECT count(*)::int AS open FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND xact_start IS NOT NULL AND query ILIKE '%movies%'`.execute(database.db);
      return rows[0]!.open > 0;
    }
    const probe = sql`SELECT 1`.execute(database.db).then(() => false, () => false);
    return Promise.race([probe, new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1_000))]);
  }

  it('leaves every table as it was', async () => {
    const admin = await signedIn(database.db, 'admin');
    site = await startSite(database);
    const backup = async (origin: string) => {
      const response = await fetch(`${origin}/api/admin/backup`, { headers: { Cookie: admin.cookie } });
      expect(response.status).toBe(200);
      return ((await response.json()) as Backup).tables;
    };
    const before = await backup(site.origin);

    const movies = before.movies!;
    const template = movies[0]!;
    const highest = Math.max(...movies.map((movie) => Number(movie.id)));
    const highestTmdb = Math.max(...movies.map((movie) => Number(movie.tmdb_id)));
    const extra = Array.from({ length: EXTRA_MOVIES }, (_, i) => ({ ...template, id: highest + 1 + i, tmdb_id: highestTmdb + 1 + i, title: `Restored ${i}` }));
    const file = { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at: new Date().toISOString(), tables: { ...before, movies: [...movies, ...extra] } };

    let answered: number | null = null;
    const restore = fetch(`${site.origin}/api/admin/restore?mode=replace`, { ...jsonRequest(site.origin, 'POST', file, admin.cookie), signal: AbortSignal.timeout(600_000) })
      .then((response) => { answered = response.status; }, () => {});
    await waitUntil('the restore transaction to be under way', async () => {
      if (answered !== null) throw new Error(`The restore finished (${answered}) before the kill: make EXTRA_MOVIES larger.`);
      return restoreInProgress();
    }, 240_000);
    await site.kill();
    await restore;
    expect(answered).toBeNull();

    const restart = performance.now();
    site = await startSite(database);
    const after = await backup(site.origin);
    reportRecovery(`${engine}: site serving the unchanged database after a kill mid-restore`, performance.now() - restart);
    expect(after).toEqual(before);
  });
});
