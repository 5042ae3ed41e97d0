/**
 * The TMDB sync: reads TMDB's change lists (/movie/changes, /tv/changes, /person/changes) for the days since the
 * last sync and refreshes the titles and people we have that changed, through the importer (one transaction per
 * title, admin-owned fields kept). It runs as a job like the bulk import (jobs.ts): progress, with what it changed
 * so far, is stored after every page, and a job whose worker died resumes from its page. It ends in one rebuild.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, TmdbSyncsTable } from '../../../db/schema.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { Conflict, NotConfigured, NotFound } from '../http/errors.ts';
import { errorMessage, isoTimestamp } from '../http/respond.ts';
import { catalogueChanged } from '../publishing/catalogue-changes.ts';
import { configuredTmdbClient } from './actions.ts';
import type { TmdbClient } from './client.ts';
import {
  SYNC_LISTS, SYNC_RECENT_LIMIT, type SyncChanges, type SyncedItem, type SyncList, type SyncSkipped, type SyncTrigger, type TmdbSync,
} from '../admin/contract.ts';
import { fetchIdPage, fetchPerson, importMovie, importShow, personDetailColumns, stopsTheRun } from './importer.ts';
import { claimJob, isStale, noSecondActiveJob, NOT_CONFIGURED, startWorker } from './jobs.ts';

type Db = Kysely<Database>;
type SyncRow = Selectable<TmdbSyncsTable>;

export const SYNC_FUNCTION_PATH = '/.netlify/functions/sync-background';
const DAY_MS = 86_400_000;
/** TMDB's change lists cover at most 14 days per request; a sync after a longer pause reads the last 14. */
export const MAX_WINDOW_DAYS = 14;
/** TMDB's change lists hold 100 ids a page. */
const CHANGES_PAGE_SIZE = 100;
/** The first sync reads TMDB's default window, the last day. */
const FIRST_WINDOW_DAYS = 1;
export const SYNC_RUNNING = 'A TMDB sync is already running.';

function toTmdbSync(row: SyncRow): TmdbSync {
  return {
    id: row.id, trigger: row.trigger, since: isoTimestamp(row.since), until: isoTimestamp(row.until), list: row.list, currentPage: row.current_page,
    changes: row.changes, skipped: row.skipped, status: row.status, error: row.error,
    createdAt: isoTimestamp(row.created_at), finishedAt: isoTimestamp(row.finished_at),
  };
}

async function syncRow(db: Db, id: number): Promise<SyncRow> {
  const row = await db.selectFrom('tmdb_syncs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('Sync not found.');
  return row;
}

/** The latest sync, or null before the first: what the dashboard shows. */
export async function latestSync(db: Db): Promise<TmdbSync | null> {
  const row = await db.selectFrom('tmdb_syncs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toTmdbSync(row) : null;
}

/**
 * Creates a sync of the changes since the last one that finished (a failed one's window is read again). One runs at
 * a time: while one is live this is a Conflict, and one whose worker died is resumed and returned instead.
 */
export async function createSync(db: Db, trigger: SyncTrigger, now = new Date()): Promise<{ sync: SyncRow; resumed: boolean }> {
  const active = await db.selectFrom('tmdb_syncs').selectAll().where('status', 'in', ['queued', 'running']).executeTakeFirst();
  if (active) {
    if (isStale(active)) return { sync: active, resumed: true };
    throw new Conflict(SYNC_RUNNING);
  }
  const last = await db.selectFrom('tmdb_syncs').select('until').where('status', '=', 'done').orderBy('until', 'desc').limit(1).executeTakeFirst();
  const earliest = now.getTime() - MAX_WINDOW_DAYS * DAY_MS;
  const since = new Date(Math.max(last ? new Date(last.until).getTime() : now.getTime() - FIRST_WINDOW_DAYS * DAY_MS, earliest));
  const sync = await db.insertInto('tmdb_syncs').values({ trigger, since, until: now }).onConflict(noSecondActiveJob).returningAll().executeTakeFirst();
  if (!sync) throw new Conflict(SYNC_RUNNING);
  return { sync, resumed: false };
}

/** Starts a sync and its worker (this process, or the background function on Netlify). */
export async function startSync(db: Db, trigger: SyncTrigger, origin: string): Promise<TmdbSync> {
  if (!configuredTmdbClient()) throw new NotConfigured(NOT_CONFIGURED);
  const { sync } = await createSync(db, trigger);
  await startWorker(db, 'tmdb_syncs', sync.id, {
    label: 'sync', functionPath: SYNC_FUNCTION_PATH, origin, runHere: () => runSync(db, configuredTmdbClient(), sync.id),
  });
  return toTmdbSync(await syncRow(db, sync.id));
}

export interface RunSyncOptions {
  /** Called after each stored page (the command line prints progress). */
  onPage?(sync: TmdbSync): void;
}

/**
 * Runs a sync from its list and page to the end of the person list. A title or person TMDB refuses or sends
 * unusable data for is skipped (and listed) with nothing written; a failure of a whole page (TMDB down, key
 * rejected) fails the sync. The pages each stored page changed are published before the next (catalogueChanged).
 * Does nothing when the sync is finished or run by a live worker.
 */
export async function runSync(db: Db, client: TmdbClient | null, id: number, options: RunSyncOptions = {}): Promise<void> {
  const attempt = await claimJob(db, 'tmdb_syncs', id);
  if (attempt === undefined) return;
  const sync = await syncRow(db, id);
  const mine = () => db.updateTable('tmdb_syncs').where('id', '=', id).where('attempt', '=', attempt);
  const window = { start_date: dateOf(sync.since), end_date: dateOf(sync.until) };
  let { list, current_page: page } = sync;
  const changes: SyncChanges = { ...sync.changes, recent: [...sync.changes.recent] };
  const skipped = [...sync.skipped];
  try {
    if (!client) throw new Error(NOT_CONFIGURED);
    for (;;) {
      const result = await syncChangesPage(db, client, list, page, window);
      record(changes, result.refreshed);
      skipped.push(...result.skipped);
      const next = result.nextPage !== null ? { list, page: result.nextPage } : nextList(list);
      const finished = next === null ? { status: 'done' as const, finished_at: new Date() } : {};
      const stored = await mine().set({
        list: next?.list ?? list, current_page: next?.page ?? page, changes: JSON.stringify(changes), skipped: JSON.stringify(skipped),
        updated_at: new Date(), ...finished,
      }).executeTakeFirst();
      if (stored.numUpdatedRows === 0n) return; // taken over by another worker: it finishes
      await catalogueChanged(db);
      if (options.onPage) options.onPage(toTmdbSync(await syncRow(db, id)));
      if (next === null) break;
      ({ list, page } = next);
    }
  } catch (error) {
    await mine().set({ status: 'failed', error: errorMessage(error), updated_at: new Date(), finished_at: new Date() }).execute();
  }
}

const dateOf = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

function nextList(list: SyncList): { list: SyncList; page: number } | null {
  const next = SYNC_LISTS[SYNC_LISTS.indexOf(list) + 1];
  return next ? { list: next, page: 1 } : null;
}

function record(changes: SyncChanges, refreshed: SyncedItem[]): void {
  for (const item of refreshed) {
    if (item.type === 'movie') changes.movies += 1;
    else if (item.type === 'tv') changes.shows += 1;
    else changes.people += 1;
    changes.episodes += item.newEpisodes ?? 0;
  }
  changes.recent = [...refreshed.toReversed(), ...changes.recent].slice(0, SYNC_RECENT_LIMIT);
}

/** One page of a change list: refreshes the ids on it that we have, and leaves every other id alone. */
async function syncChangesPage(db: Db, client: TmdbClient, list: SyncList, page: number, window: { start_date: string; end_date: string }) {
  const changed = await fetchIdPage(client, `/${list}/changes`, { ...window, page }, CHANGES_PAGE_SIZE, `${list} change list page ${page}`);
  const ours = await idsWeHave(db, list, [...new Set(changed.results.map((item) => item.id))]);
  const refreshed: SyncedItem[] = [];
  const skipped: SyncSkipped[] = [];
  for (const tmdbId of ours) {
    try {
      refreshed.push(await refresh(db, client, list, tmdbId));
    } catch (error) {
      if (stopsTheRun(error)) throw error;
      skipped.push({ type: list, tmdbId, reason: errorMessage(error) });
    }
  }
  return { refreshed, skipped, nextPage: page < changed.lastPage ? page + 1 : null };
}

async function idsWeHave(db: Db, list: SyncList, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = list === 'person'
    ? await db.selectFrom('people').select('id as tmdbId').where('id', 'in', ids).orderBy('id').execute()
    : await db.selectFrom(titleKind(list).table).select('tmdb_id as tmdbId').where('tmdb_id', 'in', ids).orderBy('tmdb_id').execute();
  return rows.map((row) => row.tmdbId);
}

async function refresh(db: Db, client: TmdbClient, list: SyncList, tmdbId: number): Promise<SyncedItem> {
  if (list === 'movie') return { type: list, tmdbId, name: (await importMovie(db, client, tmdbId)).title };
  if (list === 'person') {
    const person = await fetchPerson(client, tmdbId);
    await db.updateTable('people').set({ name: person.name, ...personDetailColumns(person), popularity: person.popularity ?? 0, updated_at: new Date() })
      .where('id', '=', tmdbId).execute();
    return { type: list, tmdbId, name: person.name };
  }
  const before = await episodeCount(db, tmdbId);
  const summary = await importShow(db, client, tmdbId);
  return { type: list, tmdbId, name: summary.title, newEpisodes: Math.max(0, (await episodeCount(db, tmdbId)) - before) };
}

async function episodeCount(db: Db, tmdbId: number): Promise<number> {
  const row = await db.selectFrom('tv_show_episodes').innerJoin('tv_shows', 'tv_shows.id', 'tv_show_episodes.tv_show_id')
    .select((eb) => eb.fn.countAll<string>().as('n')).where('tv_shows.tmdb_id', '=', tmdbId).executeTakeFirstOrThrow();
  return Number(row.n);
}
