/**
 * Whole-site rebuilds, asked for from the admin panel ("Rebuild now") or by the daily job without TMDB: every page
 * checked against the database, whatever the change log says (changes themselves reach the pages through it, see
 * src/lib/publishing/). `requestRebuild` records the request (coalesced: while one is queued, further requests only
 * bump its count) and starts the configured runner:
 *
 * - Netlify (NETLIFY_BUILD_HOOK_URL set): POST the build hook, at most once per HOOK_DEBOUNCE_MS; requests in
 *   that window join the build just triggered (Netlify starts prerendering well after the hook, so it sees them).
 * - Locally: a log entry that names every page, which the running Node server's publisher renews.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { RebuildState } from './contract.ts';
import { postBuildHook } from './hook.ts';
import { buildHookUrl, onServerlessHost, rebuildsDisabled } from '../settings.ts';
import { errorMessage, isoTimestamp } from '../http/respond.ts';
import { addMarker, logRepublishEverything, waitForReaders } from '../publishing/change-log.ts';
import { NODE_READER_PREFIX } from '../publishing/catalogue-changes.ts';

type Db = Kysely<Database>;
export const HOOK_DEBOUNCE_MS = 60_000;
/** How long a local rebuild waits for the publisher to have renewed... at most: a big site's renewal goes on after. */
const LOCAL_WAIT_MS = 60_000;

/** Starts work on queued requests; replaceable in tests. */
export type RebuildRunner = (db: Db) => Promise<void>;
let runnerOverride: RebuildRunner | null = null;

export function setRebuildRunner(runner: RebuildRunner | null): void {
  runnerOverride = runner;
}

export function rebuildMode(): RebuildState['mode'] {
  if (buildHookUrl()) return 'hook';
  // Serverless functions cannot build; tests set REBUILD_MODE=off to exercise the queue without building.
  if (rebuildsDisabled() || onServerlessHost()) return 'off';
  return 'local';
}

export interface RebuildRequested {
  coalesced: boolean;
  /** The runner this request started, settled when it is done (never rejects): a function that must outlive its answer waits for it. */
  started: Promise<void>;
}

/**
 * Records a rebuild request and kicks the runner. Never throws: a failed rebuild must not fail the admin write.
 * `localRunner: false` (a command-line script) leaves a local rebuild queued for the running Node server, which
 * builds what others queued (`startQueuedRebuilds`); the build hook is called either way.
 */
export async function requestRebuild(db: Db, reason: string, options: { localRunner?: boolean } = {}): Promise<RebuildRequested> {
  try {
    const mode = rebuildMode();
    if (mode === 'hook' && (await joinRecentHookBuild(db))) return { coalesced: true, started: Promise.resolve() };
    const row = await db.insertInto('rebuild_requests').values({ reason: reason.slice(0, 500) })
      .onConflict((oc) => oc.column('status').where('status', '=', 'queued')
        .doUpdateSet({ request_count: sql`rebuild_requests.request_count + 1` }))
      .returning('request_count').executeTakeFirstOrThrow();
    const local = options.localRunner === false ? null : startLocalRunner;
    const runner = runnerOverride ?? (mode === 'hook' ? runHook : mode === 'local' ? local : null);
    const started = runner ? runner(db).catch((error) => console.error('[rebuild]', error)) : Promise.resolve();
    return { coalesced: row.request_count > 1, started };
  } catch (error) {
    console.error('[rebuild] could not record the request', error);
    return { coalesced: false, started: Promise.resolve() };
  }
}

/** On the Node server: builds a rebuild that another process (`npm run import`) queued. */
export async function startQueuedRebuilds(db: Db): Promise<void> {
  if (rebuildMode() === 'local' && (await hasQueued(db))) void startLocalRunner(db).catch((error) => console.error('[rebuild]', error));
}

export async function getRebuildStatus(db: Db): Promise<RebuildState> {
  const rows = await db.selectFrom('rebuild_requests').selectAll().orderBy('id', 'desc').limit(1).execute();
  const latest = rows[0];
  const finished = await db.selectFrom('rebuild_requests').select('finished_at')
    .where('finished_at', 'is not', null).orderBy('finished_at', 'desc').limit(1).executeTakeFirst();
  return {
    status: latest?.status ?? 'idle',
    reason: latest?.reason ?? null,
    requestCount: latest?.request_count ?? 0,
    requestedAt: isoTimestamp(latest?.requested_at),
    startedAt: isoTimestamp(latest?.started_at),
    finishedAt: isoTimestamp(latest?.finished_at),
    error: latest?.error ?? null,
    lastFinishedAt: isoTimestamp(finished?.finished_at),
    mode: rebuildMode(),
  };
}

/** Moves the queued request to running; null when there is none. */
export async function claimQueued(db: Db): Promise<number | null> {
  const row = await db.updateTable('rebuild_requests').set({ status: 'running', started_at: sql`now()` })
    .where('status', '=', 'queued').returning('id').executeTakeFirst();
  return row?.id ?? null;
}

export async function finishRebuild(db: Db, id: number, error?: unknown): Promise<void> {
  await db.updateTable('rebuild_requests')
    .set({ status: error ? 'failed' : 'succeeded', finished_at: sql`now()`, error: error ? errorText(error) : null })
    .where('id', '=', id).execute();
}

async function joinRecentHookBuild(db: Db): Promise<boolean> {
  const recent = await db.updateTable('rebuild_requests').set({ request_count: sql`request_count + 1` })
    .where('id', '=', (qb) => qb.selectFrom('rebuild_requests').select('id').where('status', '=', 'succeeded')
      .where('started_at', '>', sql<Date>`now() - make_interval(secs => ${HOOK_DEBOUNCE_MS / 1000})`)
      .orderBy('id', 'desc').limit(1))
    .returning('id').executeTakeFirst();
  return Boolean(recent);
}

// On Netlify, 'succeeded' means the build hook accepted the request; Netlify runs the build itself.
async function runHook(db: Db): Promise<void> {
  const id = await claimQueued(db);
  if (id === null) return;
  try {
    await postBuildHook();
    await finishRebuild(db, id);
  } catch (error) {
    await finishRebuild(db, id, error);
  }
}

let localRun: Promise<void> | null = null;
let recovered = false;

function startLocalRunner(db: Db): Promise<void> {
  localRun ??= runLocal(db).finally(() => {
    localRun = null;
    // A request that arrived as the loop was ending is picked up here.
    void hasQueued(db).then((queued) => { if (queued) void startLocalRunner(db); }).catch(() => {});
  });
  return localRun;
}

async function runLocal(db: Db): Promise<void> {
  if (!recovered) {
    recovered = true; // rebuilds 'running' before this server started were cut off
    await db.updateTable('rebuild_requests').set({ status: 'failed', finished_at: sql`now()`, error: 'Interrupted by a server restart.' })
      .where('status', '=', 'running').execute();
  }
  for (let id = await claimQueued(db); id !== null; id = await claimQueued(db)) {
    try {
      await logRepublishEverything(db);
      await waitForReaders(db, NODE_READER_PREFIX, await addMarker(db), LOCAL_WAIT_MS);
      await finishRebuild(db, id);
    } catch (error) {
      console.error('[rebuild] failed', error);
      await finishRebuild(db, id, error);
    }
  }
}

async function hasQueued(db: Db): Promise<boolean> {
  const row = await db.selectFrom('rebuild_requests').select('id').where('status', '=', 'queued').executeTakeFirst();
  return Boolean(row);
}

function errorText(error: unknown): string {
  return errorMessage(error).slice(0, 2000);
}
