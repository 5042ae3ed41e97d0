/**
 * A page's load, with the loads of pages rendered at the same time (the publisher renews many at once) made as one
 * batch: a batch costs about what one page's load does. Loads that arrive within a few milliseconds share a batch
 * (each page resolves its URL with a query first), and its read starts after the last of them arrived, so each sees
 * the database as it was when it asked, or newer. Nothing is cached: each batch reads the database.
 */
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

const BATCH_WINDOW_MS = 3;
const MAX_BATCH = 100;

/** Loads the rows of `keys` through `loadMany`, batched. */
export function batchedLoad<Key, Row>(loadMany: (db: Db, keys: Key[]) => Promise<Row[]>, keyOf: (row: Row) => Key): (db: Db, key: Key) => Promise<Row | undefined> {
  const loaders = new WeakMap<Db, DataLoader<Key, Row | undefined>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader(async (keys) => {
        const rows = new Map((await loadMany(db, [...keys])).map((row) => [keyOf(row), row]));
        return keys.map((each) => rows.get(each));
      }, { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (dispatch) => setTimeout(dispatch, BATCH_WINDOW_MS) });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}

/**
 * One read that every page asking for it at about the same time shares (the sitemap's every URL, the home rows). A
 * page that asks while a read runs waits for the next one, which starts when that one ends and serves everyone who
 * asked meanwhile: pages renewed one after another cost two reads, not one each (0.75 s each at 50k for the sitemap).
 */
export function batchedRead<Value>(read: (db: Db) => Promise<Value>): (db: Db) => Promise<Value> {
  const reads = new WeakMap<Db, { running: Promise<unknown>; next: Promise<Value> | null }>();
  return (db) => {
    const state = reads.get(db) ?? { running: Promise.resolve(), next: null };
    reads.set(db, state);
    state.next ??= state.running.catch(() => undefined)
      .then(() => new Promise((resolve) => setTimeout(resolve, BATCH_WINDOW_MS)))
      .then(() => {
        const reading = read(db);
        state.running = reading;
        state.next = null;
        return reading;
      });
    return state.next;
  };
}
