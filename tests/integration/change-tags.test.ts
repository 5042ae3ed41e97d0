/**
 * What a change names (src/lib/publishing/change-tags.ts), precisely: what a fresh build would show differently, and
 * no more. The publishing property test proves that every page that changes is renewed; this one that a change
 * reaches only the pages that show it.
 */
import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson } from '../support/catalogue-fixtures.ts';
import { currentSnapshot, readChangesSince } from '../../src/lib/publishing/change-log.ts';
import { tagsOfChanges } from '../../src/lib/publishing/change-tags.ts';
import { ANY_CARD, EVERYTHING } from '../../src/lib/pages/page-tags.ts';
import { platformPage } from '../../src/lib/pages/listing-pages.ts';

describeEachEngine('what a catalogue change names', (getDb) => {
  let ids: { movie: number; draft: number };

  beforeAll(async () => {
    const db = getDb();
    await insertGenres(db);
    await db.insertInto('platforms').values({ id: 61, name: 'Tagflix', logo_path: null }).execute();
    const movie = await insertMovie(db, { tmdb_id: 61001, title: 'Tagged', genres: [28, 35], collection_id: null });
    await db.insertInto('movie_providers').values({ movie_id: movie.id, platform_id: 61 }).execute();
    const draft = await insertMovie(db, { tmdb_id: 61002, title: 'Draft', is_published: false, genres: [28] });
    await insertPerson(db, 61003, 'Tag Person');
    await db.insertInto('movie_credits').values({ movie_id: movie.id, person_id: 61003, credit_order: 0, character_name: null }).execute();
    ids = { movie: movie.id, draft: draft.id };
  });

  /** The tags the changes `write` commits name. */
  async function tagsOf(write: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
    const db = getDb();
    const since = await currentSnapshot(db);
    await write(db);
    const batch = await readChangesSince(db, since);
    if (batch.tooMany) throw new Error('too many');
    return [...await tagsOfChanges(db, batch.changes)].sort();
  }

  it('a stream link names the movie\'s own page only', async () => {
    expect(await tagsOf((db) => db.updateTable('movies').set({ stream_url: 'https://s.example/1' }).where('id', '=', ids.movie).execute()))
      .toEqual(['m61001']);
  });

  it('a rename names its cards, tiles and Known For entries, its page at the new slug, the sitemap\'s part that lists it, none of the lists', async () => {
    expect(await tagsOf((db) => db.updateTable('movies').set({ title: 'Tagged Again' }).where('id', '=', ids.movie).execute())).toEqual([
      ANY_CARD, 'm61001', 'mc61001', 'mi61001', 'paths:movie:61001', 'sitemap', 'sitemap:movies-6',
    ].sort());
  });

  it('a rating change reorders the lists ordered by rating of every genre and platform the movie is in, by the bands it leaves and enters, and leaves its tiles', async () => {
    // The movie had no rating: on its one credited person's Known For, its place by rating appears. 9.9 is in the
    // band of 9 to 10; pages that show a list to its end carry its `any` tag.
    const scopes = ['all', 'g28', 'g35', 'pl61'];
    expect(await tagsOf((db) => db.updateTable('movies').set({ vote_average: 9.9 }).where('id', '=', ids.movie).execute())).toEqual([
      ANY_CARD, ...scopes.flatMap((scope) => [`lm:${scope}:rating:any`, `lm:${scope}:rating:9`]), 'm61001', 'mc61001', 'p61003',
    ].sort());
    const moved = await tagsOf((db) => db.updateTable('movies').set({ vote_average: 6.2 }).where('id', '=', ids.movie).execute());
    expect(moved.filter((tag) => tag.startsWith('lm:g28:'))).toEqual(['lm:g28:rating:6', 'lm:g28:rating:9', 'lm:g28:rating:any']);
  });

  it('a popularity move names a platform page only when it reaches the titles the page shows', async () => {
    const db = getDb();
    await db.insertInto('platforms').values({ id: 62, name: 'Bandflix', logo_path: null }).execute();
    const movies = [];
    for (let at = 1; at <= 12; at++) movies.push(await insertMovie(db, { tmdb_id: 62000 + at, title: `Band ${at}`, popularity: 100 * at }));
    await db.insertInto('movie_providers').values(movies.map((movie) => ({ movie_id: movie.id, platform_id: 62 }))).execute();
    const answer = await platformPage.load(db, { id: '62', slug: 'bandflix' });
    if (answer.kind !== 'page') throw new Error(`the platform page answered ${answer.kind}`);
    const shown = new Set(answer.data.tags);
    const least = movies[0]!;
    const names = async (popularity: number) => (await tagsOf((db) => db.updateTable('movies').set({ popularity }).where('id', '=', least.id).execute()))
      .some((tag) => shown.has(tag));
    // The page shows the ten most popular, down to 300: the least popular moving from 100 to 120 changes nothing on it.
    expect(await names(110)).toBe(false);
    expect(await names(120)).toBe(false);
    expect(await names(2000)).toBe(true);
    expect(await names(150)).toBe(true);
  });

  it('a rating or a popularity names a person\'s page only when it moves the order of their Known For', async () => {
    const db = getDb();
    const a = await insertMovie(db, { tmdb_id: 61011, title: 'Order A', vote_average: 6, popularity: 10 });
    const b = await insertMovie(db, { tmdb_id: 61012, title: 'Order B', vote_average: 7, popularity: 20 });
    await insertPerson(db, 61013, 'Order Person');
    await db.insertInto('movie_credits').values([a, b].map((movie) => ({ movie_id: movie.id, person_id: 61013, credit_order: 0, character_name: null })))
      .execute();
    const person = async (write: (db: Kysely<Database>) => Promise<unknown>) => (await tagsOf(write)).includes('p61013');
    const set = (movie: { id: number }, values: { vote_average?: number; popularity?: number }) => (db: Kysely<Database>) =>
      db.updateTable('movies').set(values).where('id', '=', movie.id).execute();
    expect(await person(set(a, { vote_average: 6.5 }))).toBe(false);
    expect(await person(set(a, { vote_average: 6.54 }))).toBe(false);
    expect(await person(set(a, { vote_average: 7 }))).toBe(true);
    expect(await person(set(a, { vote_average: 6.5 }))).toBe(true);
    expect(await person(set(a, { popularity: 15 }))).toBe(false);
    expect(await person(set(a, { popularity: 25 }))).toBe(true);
    // Both moved in one batch, each past where the other was.
    expect(await person((db) => db.transaction().execute(async (trx) => {
      await set(a, { vote_average: 7.5 })(trx);
      await set(b, { vote_average: 6 })(trx);
    }))).toBe(true);
    // Two updates of one title in a batch: the second alone (5.5 to 5.6) crosses nothing, the two together cross B.
    expect(await person((db) => db.transaction().execute(async (trx) => {
      await set(a, { vote_average: 5.5 })(trx);
      await set(a, { vote_average: 5.6 })(trx);
    }))).toBe(true);
  });

  it('an unpublish takes the movie out of every list, in every order, and adds no page but the sitemap\'s; publishing it may add its own, its people\'s, and one to every set', async () => {
    const tags = await tagsOf((db) => db.updateTable('movies').set({ is_published: false }).where('id', '=', ids.movie).execute());
    for (const scope of ['all', 'g28', 'g35', 'pl61']) {
      for (const order of ['added', 'date', 'rating', 'popularity']) expect(tags).toContain(`lm:${scope}:${order}`);
    }
    expect(tags).toEqual(expect.arrayContaining(['m61001', 'mc61001', 'mi61001', 'sitemap', 'sitemap:movies-6', 'sitemap:pages']));
    // One URL fewer may fold the sitemap's parts into one file.
    expect(tags.filter((tag) => tag.startsWith('paths:'))).toEqual(['paths:sitemap']);
    const published = await tagsOf((db) => db.updateTable('movies').set({ is_published: true }).where('id', '=', ids.movie).execute());
    expect(published.filter((tag) => tag.startsWith('paths:'))).toEqual([
      'paths:category', 'paths:franchise', 'paths:home-rows', 'paths:movie:61001', 'paths:person:61003', 'paths:sitemap',
    ]);
  });

  it('a draft that stays a draft names only its own (absent) page, and a counted view nothing', async () => {
    expect(await tagsOf((db) => db.updateTable('movies').set({ vote_average: 1, title: 'Still Draft' }).where('id', '=', ids.draft).execute())).toEqual(['m61002']);
    expect(await tagsOf((db) => db.updateTable('movies').set({ view_count: sql`view_count + 1` }).where('id', '=', ids.movie).execute())).toEqual([]);
  });

  it('a credit names the title\'s page and the person\'s, and the people with a page; an added one the people\'s pages that may be new', async () => {
    const credits = await getDb().selectFrom('movie_credits').selectAll().where('person_id', '=', 61003).execute();
    expect(await tagsOf((db) => db.deleteFrom('movie_credits').where('person_id', '=', 61003).execute())).toEqual([
      'lp:name', 'lp:popularity', 'm61001', 'p61003', 'paths:sitemap', 'sitemap', 'sitemap:people-6',
    ].sort());
    expect(await tagsOf((db) => db.insertInto('movie_credits').values(credits).execute())).toEqual([
      'lp:name', 'lp:popularity', 'm61001', 'p61003', 'paths:person:61003', 'paths:sitemap', 'sitemap', 'sitemap:people-6',
    ].sort());
  });

  it('a person\'s card names what shows it, a rename also their page at the new slug; a renamed genre or platform its own tags; a truncate everything', async () => {
    expect(await tagsOf((db) => db.updateTable('people').set({ profile_path: '/p.jpg' }).where('id', '=', 61003).execute()))
      .toEqual([ANY_CARD, 'p61003', 'pc61003'].sort());
    expect(await tagsOf((db) => db.updateTable('people').set({ name: 'Tag Person II' }).where('id', '=', 61003).execute()))
      .toEqual([ANY_CARD, 'lp:name', 'lp:popularity', 'p61003', 'paths:person:61003', 'pc61003', 'sitemap', 'sitemap:people-6'].sort());
    expect(await tagsOf((db) => db.updateTable('genres').set({ name: 'Action!' }).where('id', '=', 28).execute()))
      .toEqual(['g28', 'paths:category', 'paths:home-rows', 'sitemap', 'sitemap:pages'].sort());
    expect(await tagsOf((db) => db.updateTable('platforms').set({ name: 'Tagflix+' }).where('id', '=', 61).execute()))
      .toEqual(['paths:platform', 'paths:sitemap', 'pl61', 'platforms', 'sitemap', 'sitemap:pages'].sort());
    expect(await tagsOf((db) => sql`truncate collections cascade`.execute(db))).toEqual([EVERYTHING]);
  });
});
