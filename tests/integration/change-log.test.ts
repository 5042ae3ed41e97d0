import { sql, type Kysely } from 'kysely';
import { beforeEach, expect, inject, it } from 'vitest';
import { createDb } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson } from '../support/catalogue-fixtures.ts';
import {
  addMarker, currentSnapshot, readChangesSince, recordProgress, unreadChanges, waitForReaders, type CatalogueChange,
} from '../../src/lib/publishing/change-log.ts';

/** What a test compares of a change: table, op, keys and columns, without ids. */
const shape = ({ table, op, keys, oldKeys, columns }: CatalogueChange) => ({ table, op, keys, oldKeys, columns });

describeEachEngine('catalogue change log: every writer\'s change, read once', (getDb, engine) => {
  let cursor: string;
  const changesSince = async () => {
    const batch = await readChangesSince(getDb(), cursor);
    cursor = batch.snapshot;
    if (batch.tooMany) throw new Error('unexpected overflow');
    return batch.changes.map(shape);
  };

  beforeEach(async () => {
    await insertGenres(getDb());
    cursor = await currentSnapshot(getDb());
  });

  it('logs inserts, updates with the columns they changed, and deletes, with the rows\' keys', async () => {
    const db = getDb();
    const movie = await insertMovie(db, { tmdb_id: 51001, title: 'Log Me', genres: [28], vote_average: 7.5, popularity: 12 });
    // A title's rating and popularity are keys too: a person's Known For orders by them (0021_title_order_keys.ts).
    const order = { vote_average: 7.5, popularity: 12 };
    expect(await changesSince()).toEqual([
      { table: 'movies', op: 'I', keys: { id: movie.id, tmdb_id: 51001, is_published: true, collection_id: null, ...order }, oldKeys: null, columns: null },
      { table: 'movie_genres', op: 'I', keys: { movie_id: movie.id, genre_id: 28 }, oldKeys: null, columns: null },
    ]);
    await db.updateTable('movies').set({ title: 'Logged', stream_url: 'https://example.com/s' }).where('id', '=', movie.id).execute();
    expect(await changesSince()).toEqual([{
      table: 'movies', op: 'U', keys: { id: movie.id, tmdb_id: 51001, is_published: true, collection_id: null, ...order },
      oldKeys: { id: movie.id, tmdb_id: 51001, is_published: true, collection_id: null, ...order }, columns: ['stream_url', 'title'],
    }]);
    await db.deleteFrom('movies').where('id', '=', movie.id).execute();
    expect(await changesSince()).toEqual(expect.arrayContaining([
      { table: 'movies', op: 'D', keys: { id: movie.id, tmdb_id: 51001, is_published: true, collection_id: null, ...order }, oldKeys: null, columns: null },
      { table: 'movie_genres', op: 'D', keys: { movie_id: movie.id, genre_id: 28 }, oldKeys: null, columns: null },
    ]));
  });

  it('logs nothing for a counted view or an update that changes nothing, and every truncate', async () => {
    const db = getDb();
    const movie = await insertMovie(db, { tmdb_id: 51002 });
    await changesSince();
    await db.updateTable('movies').set({ view_count: sql`view_count + 1` }).where('id', '=', movie.id).execute();
    await db.updateTable('movies').set({ title: movie.title }).where('id', '=', movie.id).execute();
    expect(await changesSince()).toEqual([]);
    await insertPerson(db, 51003, 'Truncated Person');
    await changesSince();
    await sql`truncate people cascade`.execute(db);
    expect(await changesSince()).toEqual(expect.arrayContaining([{ table: 'people', op: 'T', keys: null, oldKeys: null, columns: null }]));
  });

  it('logs a link row that is updated as its old and its new keys', async () => {
    const db = getDb();
    const movie = await insertMovie(db, { tmdb_id: 51004 });
    await insertPerson(db, 51005, 'Credited');
    await db.insertInto('movie_credits').values({ movie_id: movie.id, person_id: 51005, credit_order: 0, character_name: 'A' }).execute();
    await changesSince();
    await db.updateTable('movie_credits').set({ character_name: 'B' }).where('person_id', '=', 51005).execute();
    expect(await changesSince()).toEqual([
      { table: 'movie_credits', op: 'I', keys: { movie_id: movie.id, person_id: 51005, credit_order: 0, character_name: 'B' }, oldKeys: null, columns: null },
      { table: 'movie_credits', op: 'D', keys: { movie_id: movie.id, person_id: 51005, credit_order: 0, character_name: 'A' }, oldKeys: null, columns: null },
    ]);
  });

  it('finds the unread changes by the txid index, not by walking every change the log keeps', async () => {
    const db = getDb();
    const kept = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    await sql`insert into catalogue_changes (table_name, op) select 'movies', 'U' from generate_series(1, 100000)`.execute(db);
    try {
      // The read's limit, as a share of the log, as at 50k titles (20,000 of 2.5 million rows); no statistics, as on
      // the embedded database, which never analyzes the log by itself.
      const plan = JSON.stringify(await unreadChanges(db, await currentSnapshot(db), 800).explain('json'));
      expect(plan).toContain('"Index Name":"catalogue_changes_txid_idx"');
    } finally {
      await db.deleteFrom('catalogue_changes').where('id', '>', kept.id ?? 0).execute();
    }
  });

  it('a reader waiting on a marker returns once the reader recorded it, and at once for readers that are gone', async () => {
    const db = getDb();
    const marker = await addMarker(db);
    const batch = await readChangesSince(db, cursor);
    expect(batch.lastMarker).toBe(marker);
    await recordProgress(db, 'test:stale', batch.snapshot, 0);
    await db.updateTable('publishing_consumers').set({ updated_at: sql`now() - interval '1 hour'` }).where('name', '=', 'test:stale').execute();
    const waited = waitForReaders(db, 'test:', marker, 5_000);
    await recordProgress(db, 'test:live', batch.snapshot, batch.lastMarker);
    expect(await waited).toBe(true);
    const later = await addMarker(db);
    expect(await waitForReaders(db, 'test:', later, 100)).toBe(false);
  });

  it.skipIf(engine === 'pglite')('takes a transaction that commits after a later one, once, in the read after its commit', async () => {
    const db = getDb();
    const second = await createDb({ kind: 'postgres', url: await urlOf(db) });
    try {
      const slow = second.transaction().execute(async (trx) => {
        await trx.insertInto('genres').values({ id: 51006, name: 'Slow' }).execute();
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await db.insertInto('genres').values({ id: 51007, name: 'Fast' }).execute();
      expect((await changesSince()).map((change) => change.keys)).toEqual([{ id: 51007 }]);
      await slow;
      expect((await changesSince()).map((change) => change.keys)).toEqual([{ id: 51006 }]);
      expect(await changesSince()).toEqual([]);
    } finally {
      await second.destroy();
    }
  });
});

/** A second writer's URL: the test server's, for the database `db` uses. */
async function urlOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(inject('postgresUrl')!);
  url.pathname = `/${rows[0]!.name}`;
  return url.href;
}
