/**
 * The daily job, with one scheduler per deployment: Netlify's scheduled function
 * (netlify/functions/scheduled-rebuild.ts), or the Node server's own timer (`startServerSchedule`). With TMDB
 * configured it is the TMDB sync, whose changes reach the pages as it stores them (src/lib/publishing/); without it,
 * a whole-site rebuild. REBUILD_SCHEDULE=off turns it off.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { Conflict } from '../http/errors.ts';
import { rebuildMode, requestRebuild, startQueuedRebuilds } from '../rebuild/index.ts';
import { onServerlessHost, scheduledRebuildEnabled } from '../settings.ts';
import { configuredTmdbClient } from './actions.ts';
import { startSync, SYNC_RUNNING } from './sync.ts';
import type { TmdbSync } from '../admin/contract.ts';

type Db = Kysely<Database>;

export const SCHEDULE_OFF = 'Scheduled rebuild is off (REBUILD_SCHEDULE=off).';
export const NO_BUILD_HOOK = 'Scheduled rebuild skipped: NETLIFY_BUILD_HOOK_URL is not set.';
export const DAILY_REBUILD = 'daily rebuild';
const DAY_MS = 86_400_000;
/** What the daily job says when it started a sync (the scheduled function logs it). */
export const syncStarted = (sync: Pick<TmdbSync, 'id' | 'since'>) =>
  `TMDB sync ${sync.id} started (changes since ${sync.since}); its changes reach the pages as it stores them.`;

export interface DailyRun {
  message: string;
  /** Work started here that a serverless function must wait for (context.waitUntil) before it is frozen. */
  pending: Promise<void>;
}

/** Runs the daily job once. `origin` is where the background function is, when Netlify's URL is unset. */
export async function runDailyJob(db: Db, origin: string): Promise<DailyRun> {
  const done = (message: string, pending: Promise<void> = Promise.resolve()) => ({ message, pending });
  if (!scheduledRebuildEnabled()) return done(SCHEDULE_OFF);
  if (configuredTmdbClient()) {
    try {
      const sync = await startSync(db, 'schedule', origin);
      return done(syncStarted(sync));
    } catch (error) {
      if (error instanceof Conflict) return done(SYNC_RUNNING);
      throw error;
    }
  }
  if (rebuildMode() === 'off') return done(NO_BUILD_HOOK);
  return done('Site rebuild requested.', (await requestRebuild(db, DAILY_REBUILD)).started);
}

/** Whether a day has passed since the last daily job (a scheduled sync, or the rebuild without TMDB). */
export async function dailyJobDue(db: Db, now = Date.now()): Promise<boolean> {
  const since = new Date(now - DAY_MS);
  const sync = await db.selectFrom('tmdb_syncs').select('id').where('trigger', '=', 'schedule').where('created_at', '>', since).executeTakeFirst();
  const rebuild = await db.selectFrom('rebuild_requests').select('id').where('reason', '=', DAILY_REBUILD).where('requested_at', '>', since).executeTakeFirst();
  return !sync && !rebuild;
}

/** How often the Node server looks for work: a rebuild another process queued, and the daily job. */
export const SERVER_TICK_MS = 60_000;
let serverSchedule: ReturnType<typeof setInterval> | null = null;
let lastDailyRun = 0;

/**
 * The Node server's scheduler, started once per process by its first on-demand request (src/middleware.ts); on
 * Netlify the scheduled function is the one scheduler instead. It builds rebuilds that `npm run import` queued and,
 * unless REBUILD_SCHEDULE=off (the e2e server), runs the daily job when a day has passed since the last one.
 */
export function startServerSchedule(getDb: () => Promise<Db>): void {
  if (serverSchedule || onServerlessHost()) return;
  const tick = async () => {
    const db = await getDb();
    await startQueuedRebuilds(db);
    // The database says when the last run was (across restarts); the process's own note covers a coalesced rebuild.
    if (!scheduledRebuildEnabled() || Date.now() - lastDailyRun < DAY_MS || !(await dailyJobDue(db))) return;
    lastDailyRun = Date.now();
    console.log(`[daily] ${(await runDailyJob(db, '')).message}`);
  };
  serverSchedule = setInterval(() => void tick().catch((error) => console.error('[daily]', error)), SERVER_TICK_MS);
  serverSchedule.unref();
}
