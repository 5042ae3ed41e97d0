/**
 * Site rebuilds after admin changes. `requestRebuild` records the request (coalesced: while one is queued,
 * further requests only bump its count) and starts the configured runner:
 *
 * - Netlify (NETLIFY_BUILD_HOOK_URL set): POST the build hook, at most once per HOOK_DEBOUNCE_MS; requests in
 *   that window join the build just triggered (Netlify starts prerendering well after the hook, so it sees them).
 * - Locally: the running Node server rebuilds in the background after a short debounce and swaps the new pages
 *   in (see local-builder.ts); requests made during a build queue exactly one more build.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import type { LiveTitle, RebuildState } from './contract.ts';
import { canonicalDetailPath } from '../catalog/detail-fallback.ts';
import { titleKind } from '../catalog/title-kinds.ts';
import { postBuildHook } from './hook.ts';
import { buildAndSwap, removeUnservedBuilds } from './local-builder.ts';
import { buildHookUrl, onServerlessHost, rebuildsDisabled, siteBuiltAt } from '../settings.ts';
import { errorMessage, isoTimestamp } from '../http/respond.ts';

type Db = Kysely<Database>;
export const HOOK_DEBOUNCE_MS = 60_000;
export const LOCAL_DEBOUNCE_MS = 1_500;



export const LIVE_LIST_LIMIT = 20;

/**
 * When the served build started reading the database: astro.config.mjs stamps SITE_BUILT_AT into the server bundle
 * (the same build as the static pages); a later local rebuild (which keeps the running server's code) moves it on.
 */
export function servedBuildStart(bundled: string | undefined, latestLocalBuild: Date | null): Date | null {
  const stamped = bundled ? new Date(bundled) : null;
  if (!stamped || !latestLocalBuild) return stamped ?? latestLocalBuild;
  return stamped > latestLocalBuild ? stamped : latestLocalBuild;
}

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

export async function getRebuildStatus(db: Db, bundledBuildStart = siteBuiltAt()): Promise<RebuildState> {
  const rows = await db.selectFrom('rebuild_requests').selectAll().orderBy('id', 'desc').limit(1).execute();
  const latest = rows[0];
  const finished = await db.selectFrom('rebuild_requests').select('finished_at')
    .where('finished_at', 'is not', null).orderBy('finished_at', 'desc').limit(1).executeTakeFirst();
  const mode = rebuildMode();
  // A succeeded hook request only means Netlify accepted it: the deployed bundle's stamp says what is served.
  const localBuild = mode === 'hook' ? null : await latestSucceededStart(db);
  const since = servedBuildStart(bundledBuildStart, localBuild);
  return {
    status: latest?.status ?? 'idle',
    reason: latest?.reason ?? null,
    requestCount: latest?.request_count ?? 0,
    requestedAt: isoTimestamp(latest?.requested_at),
    startedAt: isoTimestamp(latest?.started_at),
    finishedAt: isoTimestamp(latest?.finished_at),
    error: latest?.error ?? null,
    lastFinishedAt: isoTimestamp(finished?.finished_at),
    mode,
    liveOnDemand: since ? await titlesChangedSince(db, since) : [],
  };
}

async function latestSucceededStart(db: Db): Promise<Date | null> {
  const row = await db.selectFrom('rebuild_requests').select('started_at').where('status', '=', 'succeeded')
    .orderBy('started_at', 'desc').limit(1).executeTakeFirst();
  return row?.started_at ? new Date(row.started_at) : null;
}

async function titlesChangedSince(db: Db, since: Date): Promise<LiveTitle[]> {
  const changedOf = (type: ContentType) => db.selectFrom(titleKind(type).titles)
    .select([sql.lit(type).as('type'), 'titles.tmdb_id', 'titles.title', 'titles.updated_at'])
    .where('titles.is_published', '=', true).where('titles.updated_at', '>', since);
  const rows = await changedOf('movie').unionAll(changedOf('tv')).orderBy('updated_at', 'desc').limit(LIVE_LIST_LIMIT).execute();
  return rows.map((row) => ({ type: row.type, title: row.title, path: canonicalDetailPath(row.type, row.title, row.tmdb_id) }));
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
    recovered = true; // builds 'running' before this server started were cut off
    await db.updateTable('rebuild_requests').set({ status: 'failed', finished_at: sql`now()`, error: 'Interrupted by a server restart.' })
      .where('status', '=', 'running').execute();
    await removeUnservedBuilds();
  }
  await new Promise((resolve) => setTimeout(resolve, LOCAL_DEBOUNCE_MS));
  for (let id = await claimQueued(db); id !== null; id = await claimQueued(db)) {
    try {
      const summary = await buildAndSwap();
      if (summary) console.log(`[rebuild] ${summary.rendered} pages rendered, ${summary.reused} reused`);
      await finishRebuild(db, id);
    } catch (error) {
      console.error('[rebuild] build failed', error);
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
