/**
 * The database layer on every engine (PGlite, PostgreSQL via pg, PostgreSQL via Neon's driver): migrations, type
 * parsing, search helpers and the constraints the application relies on. Plus the embedded PGlite socket server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/connect.ts';
import { startEmbeddedServer, tablesDueForUpkeep } from '../../db/embedded-server.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import type { Database } from '../../db/schema.ts';
import { titlesInList } from '../../src/lib/lists/lists.ts';
import { recommendedMovies } from '../../src/lib/page-loaders/more-like-this.ts';
import { moviePage } from '../../src/lib/pages/detail-pages.ts';
import { personalizedRecommendations } from '../../src/lib/recommendations/recommendations.ts';
import { describeEachEngine } from '../support/engines.ts';
import { expectPgError, PG_ERROR } from '../support/pg-errors.ts';
import { freePort } from '../support/ports.ts';

let nextTmdbId = 1000;
const tmdbId = () => nextTmdbId++;

async function insertMovie(db: Kysely<Database>, values: { tmdb_id?: number; title?: string; collection_id?: number | null } = {}) {
  return db
    .insertInto('movies')
    .values({ tmdb_id: values.tmdb_id ?? tmdbId(), title: values.title ?? 'Untitled', collection_id: values.collection_id ?? null })
    .returning(['id', 'tmdb_id'])
    .executeTakeFirstOrThrow();
}

async function insertShow(db: Kysely<Database>, values: { tmdb_id?: number; name?: string } = {}) {
  return db
    .insertInto('tv_shows')
    .values({ tmdb_id: values.tmdb_id ?? tmdbId(), name: values.name ?? 'Untitled' })
    .returning(['id', 'tmdb_id'])
    .executeTakeFirstOrThrow();
}

let userCount = 0;
async function insertUser(db: Kysely<Database>): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ email: `user${++userCount}@example.test`, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

describeEachEngine(
  'migrations',
  (getDb) => {
    it('apply every migration once, and a second run is a no-op', async () => {
      const db = getDb();
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(db)).toEqual([]);
      const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
      expect(applied.map((row: any) => row.name).sort()).toEqual(Object.keys(migrations).sort());
    });
  },
  { migrate: false },
);

describeEachEngine('database layer', (getDb) => {
  it('returns count(*), int8 and numeric as JS numbers and dates as YYYY-MM-DD strings', async () => {
    const db = getDb();
    const movie = await db
      .insertInto('movies')
      .values({
        tmdb_id: tmdbId(),
        title: 'Types',
        budget: 3_000_000_000, // beyond int4
        revenue: 9_007_199_254, // bigint
        vote_average: 7.5,
        release_date: '2001-04-25',
      })
      .returning(['id', 'budget', 'revenue', 'vote_average', 'release_date', 'view_count'])
      .executeTakeFirstOrThrow();
    expect(movie).toMatchObject({ budget: 3_000_000_000, revenue: 9_007_199_254, vote_average: 7.5, release_date: '2001-04-25', view_count: 0 });

    const stats = await db
      .selectFrom('movies')
      .select((eb) => [
        eb.fn.countAll().as('count'),
        eb.fn.sum('budget').as('budget_sum'), // numeric
        eb.fn.avg('vote_average').as('rating_avg'), // numeric
        sql<string>`max(release_date)`.as('latest'),
      ])
      .where('id', '=', movie.id)
      .executeTakeFirstOrThrow();
    expect(stats).toEqual({ count: 1, budget_sum: 3_000_000_000, rating_avg: 7.5, latest: '2001-04-25' });
    expect(typeof stats.count).toBe('number');

    await db.insertInto('people').values({ id: 1, name: 'Dated', birthday: '1969-12-31' }).execute();
    const person = await db.selectFrom('people').select(['birthday', 'deathday', 'updated_at']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(person.birthday).toBe('1969-12-31'); // no time zone shift around the epoch
    expect(person.deathday).toBeNull();
    expect(person.updated_at).toBeInstanceOf(Date);
  });

  it('search_text folds accents and case', async () => {
    const { rows } = await sql<{ a: string; b: string }>`
      SELECT search_text('Amélie') AS a, search_text('ÇA Œuvre Straße Ñandú') AS b
    `.execute(getDb());
    expect(rows[0]).toEqual({ a: 'amelie', b: 'ca oeuvre strasse nandu' });
  });

  it('pg_trgm similarity matches misspelled, accent-folded titles', async () => {
    const db = getDb();
    await insertMovie(db, { title: 'Le Fabuleux Destin d’Amélie Poulain' });
    await insertMovie(db, { title: 'Heat' });
    const { rows } = await sql<{ s: number }>`SELECT similarity('amelie', 'amelei') AS s`.execute(db);
    expect(rows[0]!.s).toBeGreaterThan(0.3);
    const found = await db
      .selectFrom('movies')
      .select('title')
      .where(sql<boolean>`search_text(title) % search_text(${'fabuleux destin amelie'})`)
      .execute();
    expect(found.map((m) => m.title)).toEqual(['Le Fabuleux Destin d’Amélie Poulain']);
    const best = await db
      .selectFrom('movies')
      .select('title')
      .orderBy(sql`word_similarity(search_text(${'Amelei'}), search_text(title))`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(best.title).toBe('Le Fabuleux Destin d’Amélie Poulain');
  });

  it('tmdb_id is unique per movies and per tv_shows, but a movie and a show may share one', async () => {
    const db = getDb();
    const shared = tmdbId();
    await insertMovie(db, { tmdb_id: shared });
    await insertShow(db, { tmdb_id: shared });
    await expectPgError(insertMovie(db, { tmdb_id: shared }), PG_ERROR.uniqueViolation);
    await expectPgError(insertShow(db, { tmdb_id: shared }), PG_ERROR.uniqueViolation);
  });

  it('deleting a movie cascades to its genres, credits and providers; deleting a show to its episodes', async () => {
    const db = getDb();
    await db.insertInto('genres').values({ id: 18, name: 'Drama' }).execute();
    await db.insertInto('platforms').values({ id: 8, name: 'Netflix' }).execute();
    await db.insertInto('people').values({ id: 500, name: 'Tom Cruise' }).execute();
    const movie = await insertMovie(db);
    const kept = await insertMovie(db);
    for (const id of [movie.id, kept.id]) {
      await db.insertInto('movie_genres').values({ movie_id: id, genre_id: 18 }).execute();
      await db.insertInto('movie_providers').values({ movie_id: id, platform_id: 8 }).execute();
      await db.insertInto('movie_credits').values({ movie_id: id, person_id: 500, character_name: 'Ethan' }).execute();
    }
    await db.deleteFrom('movies').where('id', '=', movie.id).execute();
    for (const table of ['movie_genres', 'movie_providers', 'movie_credits'] as const) {
      const rows = await db.selectFrom(table).select('movie_id').where('movie_id', 'in', [movie.id, kept.id]).execute();
      expect(rows.map((r) => r.movie_id), table).toEqual([kept.id]);
    }
    // The referenced rows themselves stay.
    expect(await db.selectFrom('genres').select('id').where('id', '=', 18).execute()).toHaveLength(1);
    expect(await db.selectFrom('people').select('id').where('id', '=', 500).execute()).toHaveLength(1);

    const show = await insertShow(db);
    await db
      .insertInto('tv_show_episodes')
      .values([1, 2].map((episode_number) => ({ tv_show_id: show.id, season_number: 1, episode_number })))
      .execute();
    await db.deleteFrom('tv_shows').where('id', '=', show.id).execute();
    const episodes = await db.selectFrom('tv_show_episodes').select('id').where('tv_show_id', '=', show.id).execute();
    expect(episodes).toEqual([]);
  });

  it('deleting a collection keeps its movies and sets their collection_id to null', async () => {
    const db = getDb();
    await db.insertInto('collections').values({ id: 10, name: 'Mission: Impossible' }).execute();
    const movie = await insertMovie(db, { collection_id: 10 });
    await db.deleteFrom('collections').where('id', '=', 10).execute();
    const row = await db.selectFrom('movies').select('collection_id').where('id', '=', movie.id).executeTakeFirst();
    expect(row).toEqual({ collection_id: null });
  });

  it('user_ratings accepts 1 to 5 only and keeps one row per user and title (upsert updates it)', async () => {
    const db = getDb();
    const userId = await insertUser(db);
    const rating = (value: number) =>
      db
        .insertInto('user_ratings')
        .values({ user_id: userId, content_type: 'movie', content_tmdb_id: 603, rating: value })
        .onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_tmdb_id']).doUpdateSet((eb) => ({ rating: eb.ref('excluded.rating'), updated_at: sql`now()` })))
        .execute();
    await expectPgError(rating(0), PG_ERROR.checkViolation);
    await expectPgError(rating(6), PG_ERROR.checkViolation);
    await rating(4);
    await rating(2);
    const rows = await db.selectFrom('user_ratings').select(['content_type', 'rating']).where('user_id', '=', userId).execute();
    expect(rows).toEqual([{ content_type: 'movie', rating: 2 }]);

    // A plain insert of the same user+title is a conflict; the show with the same tmdb id is a different title.
    await expectPgError(
      db.insertInto('user_ratings').values({ user_id: userId, content_type: 'movie', content_tmdb_id: 603, rating: 3 }).execute(),
      PG_ERROR.uniqueViolation,
    );
    await db.insertInto('user_ratings').values({ user_id: userId, content_type: 'tv', content_tmdb_id: 603, rating: 5 }).execute();
  });

  it('user_list_items keep insertion order by added_at and tell a movie from a show with the same tmdb id', async () => {
    const db = getDb();
    const userId = await insertUser(db);
    const items = [
      { content_type: 'movie', content_tmdb_id: 550 },
      { content_type: 'tv', content_tmdb_id: 1399 },
      { content_type: 'tv', content_tmdb_id: 550 },
      { content_type: 'movie', content_tmdb_id: 13 },
    ] as const;
    // One statement each, outside a transaction: now() differs per statement.
    for (const item of items) await db.insertInto('user_list_items').values({ user_id: userId, list: 'my_list', ...item }).execute();

    const listed = await db
      .selectFrom('user_list_items')
      .select(['content_type', 'content_tmdb_id'])
      .where('user_id', '=', userId)
      .where('list', '=', 'my_list')
      .orderBy('added_at')
      .execute();
    expect(listed).toEqual(items);
    await expectPgError(
      db.insertInto('user_list_items').values({ user_id: userId, list: 'my_list', content_type: 'movie', content_tmdb_id: 550 }).execute(),
      PG_ERROR.uniqueViolation,
    );
    // The same title may be on the other list.
    await db.insertInto('user_list_items').values({ user_id: userId, list: 'wishlist', content_type: 'movie', content_tmdb_id: 550 }).execute();
    await expectPgError(
      db.insertInto('user_list_items').values({ user_id: userId, list: 'my_list', content_type: 'book' as never, content_tmdb_id: 1 }).execute(),
      PG_ERROR.invalidTextRepresentation,
    );
  });

  it('requests reject a blank message', async () => {
    const db = getDb();
    for (const message of ['', '   ']) {
      await expectPgError(db.insertInto('requests').values({ message }).execute(), PG_ERROR.checkViolation);
    }
    const saved = await db.insertInto('requests').values({ message: 'Please add Heat (1995)' }).returning(['message', 'is_public']).executeTakeFirstOrThrow();
    expect(saved).toEqual({ message: 'Please add Heat (1995)', is_public: true });
  });
});

describe('embedded database server', () => {
  it('serves a PGlite data dir over TCP and keeps the data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cinecat-embedded-'));
    const port = await freePort();
    try {
      let server = await startEmbeddedServer({ dataDir, port });
      let db = await createDb({ kind: 'embedded', port });
      try {
        expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
        await db.insertInto('genres').values({ id: 99, name: 'Persistent' }).execute();
      } finally {
        await db.destroy();
        await server.stop();
      }

      server = await startEmbeddedServer({ dataDir, port });
      db = await createDb({ kind: 'embedded', port });
      try {
        expect(await migrateToLatest(db)).toEqual([]);
        const count = await db.selectFrom('genres').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        expect(count.n).toBe(1);
        expect(await db.selectFrom('genres').selectAll().execute()).toEqual([{ id: 99, name: 'Persistent' }]);
      } finally {
        await db.destroy();
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps concurrent connections apart: parameterised queries from many clients each get their own answer', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cinecat-embedded-'));
    const port = await freePort();
    const server = await startEmbeddedServer({ dataDir, port });
    // Three processes' worth of pools (web server, build, script), each with several connections.
    const pools = await Promise.all([1, 2, 3].map(() => createDb({ kind: 'embedded', port })));
    try {
      const queries = Array.from({ length: 300 }, (_, i) => {
        const db = pools[i % pools.length]!;
        // Different parameter counts, so a Bind meeting another connection's statement cannot go unnoticed; some
        // in transactions, which PGlite's single session must give one connection at a time.
        if (i % 3 === 0) {
          return sql<{ answer: string }>`select ${String(i)}::text || ${'-'}::text || ${'x'}::text as answer`.execute(db)
            .then((r) => [i, r.rows[0]!.answer, `${i}-x`]);
        }
        if (i % 3 === 1) {
          return db.transaction().execute(async (trx) => {
            const first = await sql<{ answer: string }>`select ${String(i)}::text || ${'+'}::text as answer`.execute(trx);
            const second = await sql<{ answer: string }>`select ${first.rows[0]!.answer}::text || ${'t'}::text || ${'!'}::text as answer`.execute(trx);
            return [i, second.rows[0]!.answer, `${i}+t!`];
          });
        }
        return sql<{ answer: string }>`select ${String(i)}::text as answer`.execute(db).then((r) => [i, r.rows[0]!.answer, String(i)]);
      });
      for (const [i, answer, expected] of await Promise.all(queries)) expect(answer, `query ${i}`).toBe(expected);
    } finally {
      for (const db of pools) await db.destroy();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('analyzes and vacuums a table once it has changed, as autovacuum would (PGlite runs none): statistics, pages all visible, no dead rows', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cinecat-embedded-'));
    const port = await freePort();
    const server = await startEmbeddedServer({ dataDir, port });
    const db = await createDb({ kind: 'embedded', port });
    try {
      await sql`create table analyzed (id integer primary key, owner integer not null)`.execute(db);
      await sql`insert into analyzed select n, n % 100 from generate_series(1, 5000) n`.execute(db);
      const statistics = () => sql<{ rows: number }>`select reltuples::integer as rows from pg_class where relname = 'analyzed'`.execute(db);
      await expect.poll(async () => (await statistics()).rows[0]!.rows, { timeout: 30_000, interval: 250 }).toBe(5000);
      // 5,000 rows added: vacuumed, so an index alone can answer a count.
      const visiblePages = async () => (await sql<{ pages: number }>`select relallvisible::integer as pages from pg_class where relname = 'analyzed'`.execute(db)).rows[0]!.pages;
      await expect.poll(visiblePages, { timeout: 30_000, interval: 250 }).toBeGreaterThan(0);
      // Every row updated: 5,000 dead rows, which the next vacuum reclaims.
      const vacuums = async () => (await sql<{ vacuums: number; dead: number }>`select vacuum_count::integer as vacuums, n_dead_tup::integer as dead
        from pg_stat_user_tables where relname = 'analyzed'`.execute(db)).rows[0]!;
      const before = (await vacuums()).vacuums;
      await sql`update analyzed set owner = owner + 1`.execute(db);
      await expect.poll(async () => (await vacuums()).vacuums, { timeout: 30_000, interval: 250 }).toBeGreaterThan(before);
      await expect.poll(async () => (await vacuums()).dead, { timeout: 5_000, interval: 100 }).toBe(0);
    } finally {
      await db.destroy();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 100_000);

  it('sizes a table for upkeep by its planner estimate, which a new process keeps, not by activity counters that start again at zero', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cinecat-upkeep-'));
    // In-process PGlite: no server, so no upkeep runs between the writes and the checks.
    let db = await createDb({ kind: 'pglite', dataDir });
    const due = async () => {
      await sql`select pg_stat_force_next_flush()`.execute(db);
      return (await tablesDueForUpkeep(db)).filter(({ name }) => name === 'public.sized');
    };
    try {
      await sql`create table sized (id integer primary key, owner integer not null)`.execute(db);
      await sql`insert into sized select n, n % 100 from generate_series(1, 5000) n`.execute(db);
      expect(await due()).toEqual([{ name: 'public.sized', vacuum: true }]);
      await sql`vacuum (analyze) sized`.execute(db);
      expect(await due()).toEqual([]);
      await db.destroy();
      db = await createDb({ kind: 'pglite', dataDir });
      // 100 dead rows in 5,000: below autovacuum's 50 + a fifth, and its analyze's 50 + a tenth.
      await sql`update sized set owner = owner + 1 where id <= 100`.execute(db);
      expect(await due()).toEqual([]);
      await sql`update sized set owner = owner + 1 where id <= 1500`.execute(db);
      expect(await due()).toEqual([{ name: 'public.sized', vacuum: true }]);
    } finally {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describeEachEngine('lists of ids longer than the 65,535 parameters a statement may have', (getDb) => {
  it('a movie recommending 70,000 titles shows those published, and a route lists its pages among 70,000 ids', async () => {
    const db = getDb();
    const shown = await insertMovie(db, { title: 'Shown Among Many' });
    await db.updateTable('movies').set({ is_published: true }).where('id', '=', shown.id).execute();
    const ids = [...Array.from({ length: 70_000 }, (_, index) => 5_000_000 + index), shown.tmdb_id];
    const cards = await recommendedMovies(db, [{ id: 0, tmdbId: 0, recommended: ids }]);
    expect(cards.get(0)?.map((card) => card.title)).toEqual(['Shown Among Many']);
    expect(await moviePage.pathsOf!(db, ids)).toEqual([{ slug: 'shown-among-many', tmdbId: String(shown.tmdb_id) }]);
  });

  it('a user with 70,000 ratings and list items (an import can bring them) sees their list and recommendations', async () => {
    const db = getDb();
    await db.insertInto('genres').values({ id: 9001, name: 'Many Genre' }).execute();
    const rated = await insertMovie(db, { title: 'Rated Among Many' });
    const similar = await insertMovie(db, { title: 'Similar To Rated' });
    await db.updateTable('movies').set({ is_published: true }).where('id', 'in', [rated.id, similar.id]).execute();
    await db.insertInto('movie_genres').values([rated, similar].map(({ id }) => ({ movie_id: id, genre_id: 9001 }))).execute();
    const userId = await insertUser(db);
    const others = sql`generate_series(6000000, 6069999) as series(tmdb_id)`;
    await sql`insert into user_ratings (user_id, content_type, content_tmdb_id, rating)
      select ${userId}, 'movie', tmdb_id, 3 from ${others}`.execute(db);
    await sql`insert into user_list_items (user_id, list, content_type, content_tmdb_id, added_at)
      select ${userId}, 'my_list', 'movie', tmdb_id, now() - interval '1 day' from ${others}`.execute(db);
    await db.insertInto('user_ratings').values({ user_id: userId, content_type: 'movie', content_tmdb_id: rated.tmdb_id, rating: 5 }).execute();
    await db.insertInto('user_list_items').values({ user_id: userId, list: 'my_list', content_type: 'movie', content_tmdb_id: rated.tmdb_id }).execute();

    expect((await titlesInList(db, userId, 'my_list')).map((card) => card.title)).toEqual(['Rated Among Many']);
    const recommendations = await personalizedRecommendations(db, userId);
    expect(recommendations[0]).toMatchObject({ card: { title: 'Similar To Rated' }, reason: 'Because you rated Rated Among Many' });
    expect(recommendations.map((pick) => pick.card.title)).not.toContain('Rated Among Many');
  });
});
