/**
 * Writes matched import entries for one user. Batches of whole file lines, each batch one transaction with one
 * statement per kind of entry: a line is written whole or not at all, and a failure (the database going away) leaves
 * every earlier batch written, so importing the file again finishes the job. Every write is idempotent:
 * - ratings: set to the file's stars when they differ and the file's rating is the later one;
 * - lists: added unless there (their place kept);
 * - history: set when the file's watch is later than the one stored (a later watch here is never undone).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { TitleCard } from '../titles/client/cards.ts';
import { recordAlreadyWatchable } from '../alerts/watchable.ts';
import type { ImportAction } from './contract.ts';
import type { FileEntry } from './entries.ts';

type Db = Kysely<Database>;
type Tx = Transaction<Database>;

export interface MatchedEntry { entry: FileEntry; card: TitleCard }
export type WriteOutcome = 'added' | 'updated' | 'unchanged';

const BATCH_ENTRIES = 500;
/** A finished watch: the history of a file that gives no progress. */
const FINISHED = 100;

const keyOf = (action: ImportAction, card: { type: string; tmdbId: number }) => `${action}:${card.type}:${card.tmdbId}`;
interface Written { content_type: string; content_tmdb_id: number; inserted: boolean }

/** Writes the entries (one per action and title: import.ts keeps the latest); returns each one's outcome. */
export async function writeEntries(db: Db, userId: string, matched: MatchedEntry[]): Promise<Map<MatchedEntry, WriteOutcome>> {
  const outcomes = new Map<MatchedEntry, WriteOutcome>();
  for (const batch of batchesOfWholeLines(matched)) {
    const written = await db.transaction().execute(async (trx) => {
      const rows = new Map<string, boolean>();
      for (const action of ['rating', 'wishlist', 'my_list', 'history'] as const) {
        const ofAction = batch.filter(({ entry }) => entry.action === action);
        if (!ofAction.length) continue;
        for (const row of await WRITERS[action](trx, userId, ofAction)) rows.set(keyOf(action, { type: row.content_type, tmdbId: row.content_tmdb_id }), row.inserted);
      }
      const addedToWishlist = batch.filter(({ entry, card }) => entry.action === 'wishlist' && rows.get(keyOf('wishlist', card)));
      await recordAlreadyWatchable(trx, userId, addedToWishlist.map(({ card }) => ({ type: card.type, tmdbId: card.tmdbId })));
      return rows;
    });
    for (const item of batch) {
      const inserted = written.get(keyOf(item.entry.action, item.card));
      outcomes.set(item, inserted === undefined ? 'unchanged' : inserted ? 'added' : 'updated');
    }
  }
  return outcomes;
}

/** Batches of about BATCH_ENTRIES entries that never split the entries of one line. */
function batchesOfWholeLines(matched: MatchedEntry[]): MatchedEntry[][] {
  const bySource = Map.groupBy(matched, ({ entry }) => entry.source);
  const batches: MatchedEntry[][] = [[]];
  for (const line of bySource.values()) {
    if (batches.at(-1)!.length + line.length > BATCH_ENTRIES && batches.at(-1)!.length) batches.push([]);
    batches.at(-1)!.push(...line);
  }
  return batches.filter((batch) => batch.length);
}

const inserted = sql<boolean>`(xmax = 0)`.as('inserted');
const owner = (userId: string, card: TitleCard) => ({ user_id: userId, content_type: card.type, content_tmdb_id: card.tmdbId });

const WRITERS: Record<ImportAction, (trx: Tx, userId: string, items: MatchedEntry[]) => Promise<Written[]>> = {
  rating: (trx, userId, items) => trx.insertInto('user_ratings')
    .values(items.map(({ entry, card }) => ({ ...owner(userId, card), rating: entry.rating!, updated_at: entry.date })))
    .onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_tmdb_id'])
      .doUpdateSet((eb) => ({ rating: eb.ref('excluded.rating'), updated_at: eb.ref('excluded.updated_at') }))
      .where((eb) => eb.and([eb('user_ratings.rating', '<>', eb.ref('excluded.rating')), eb('user_ratings.updated_at', '<', eb.ref('excluded.updated_at'))])))
    .returning(['content_type', 'content_tmdb_id', inserted]).execute(),
  wishlist: (trx, userId, items) => addToList(trx, userId, 'wishlist', items),
  my_list: (trx, userId, items) => addToList(trx, userId, 'my_list', items),
  history: (trx, userId, items) => trx.insertInto('watch_history')
    .values(items.map(({ entry, card }) => ({
      ...owner(userId, card), season_number: entry.season ?? null, episode_number: entry.episode ?? null,
      progress_percentage: entry.progress ?? FINISHED, position_seconds: entry.position ?? 0, last_watched_at: entry.date,
    })))
    .onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_tmdb_id'])
      .doUpdateSet((eb) => ({
        season_number: eb.ref('excluded.season_number'), episode_number: eb.ref('excluded.episode_number'),
        progress_percentage: eb.ref('excluded.progress_percentage'), position_seconds: eb.ref('excluded.position_seconds'),
        last_watched_at: eb.ref('excluded.last_watched_at'),
      }))
      .where((eb) => eb('watch_history.last_watched_at', '<', eb.ref('excluded.last_watched_at'))))
    .returning(['content_type', 'content_tmdb_id', inserted]).execute(),
};

function addToList(trx: Tx, userId: string, list: 'wishlist' | 'my_list', items: MatchedEntry[]): Promise<Written[]> {
  return trx.insertInto('user_list_items')
    .values(items.map(({ entry, card }) => ({ ...owner(userId, card), list, added_at: entry.date })))
    .onConflict((oc) => oc.columns(['user_id', 'list', 'content_type', 'content_tmdb_id']).doNothing())
    .returning(['content_type', 'content_tmdb_id', sql<boolean>`true`.as('inserted')]).execute();
}
