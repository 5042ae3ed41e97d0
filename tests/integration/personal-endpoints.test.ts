/**
 * The personal endpoints (/api/me/**) through their Astro handlers: a visitor gets 401 everywhere, each user
 * reads and writes only their own rows (the user id comes from the session, never from the body), and the
 * list, rating and history rules hold on every engine.
 */
import type { APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { callEndpoint, insertUser } from '../support/personal-fixtures.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

const lists = await import('../../src/pages/api/me/lists.ts');
const ratings = await import('../../src/pages/api/me/ratings.ts');
const titleState = await import('../../src/pages/api/me/title-state.ts');
const history = await import('../../src/pages/api/me/history.ts');
const recommendations = await import('../../src/pages/api/me/recommendations.ts');

describeEachEngine('personal endpoints', (getDb) => {
  let alice: SessionUser;
  let bob: SessionUser;
  let movieA: number;
  let movieB: number;
  let show: number;
  let draft: number;

  beforeAll(async () => {
    currentDb = getDb();
    alice = await insertUser(currentDb, 'alice@example.com');
    bob = await insertUser(currentDb, 'bob@example.com');
    movieA = (await insertMovie(currentDb, { title: 'Alpha Run' })).tmdb_id;
    movieB = (await insertMovie(currentDb, { title: 'Beta Night' })).tmdb_id;
    show = (await insertShow(currentDb, { name: 'Gamma Files' })).tmdb_id;
    draft = (await insertMovie(currentDb, { title: 'Draft Movie', is_published: false })).tmdb_id;
  });
  beforeEach(async () => {
    currentDb = getDb();
    for (const table of ['user_list_items', 'user_ratings', 'watch_history'] as const) await currentDb.deleteFrom(table).execute();
  });

  const rowsOf = async (userId: string) => ({
    lists: await currentDb.selectFrom('user_list_items').selectAll().where('user_id', '=', userId).execute(),
    ratings: await currentDb.selectFrom('user_ratings').selectAll().where('user_id', '=', userId).execute(),
    history: await currentDb.selectFrom('watch_history').selectAll().where('user_id', '=', userId).execute(),
  });
  const listOf = async (user: SessionUser, list: string) =>
    ((await (await callEndpoint(lists.GET, user, 'GET', `/api/me/lists?list=${list}`)).json()) as { items: { tmdbId: number; type: string }[] }).items;

  describe('authorisation', () => {
    const calls = (): [string, APIRoute, string, string, unknown?][] => [
      ['read a list', lists.GET, 'GET', '/api/me/lists?list=my_list'],
      ['add to a list', lists.POST, 'POST', '/api/me/lists', { list: 'my_list', type: 'movie', tmdbId: movieA }],
      ['remove from a list', lists.DELETE, 'DELETE', '/api/me/lists', { list: 'my_list', type: 'movie', tmdbId: movieA }],
      ['rate', ratings.PUT, 'PUT', '/api/me/ratings', { type: 'movie', tmdbId: movieA, rating: 4 }],
      ['title state', titleState.GET, 'GET', `/api/me/title-state?type=movie&tmdbId=${movieA}`],
      ['continue watching', history.GET, 'GET', '/api/me/history'],
      ['record progress', history.POST, 'POST', '/api/me/history', { type: 'movie', tmdbId: movieA, progress: 40, position: 240 }],
      ['recommendations', recommendations.GET, 'GET', '/api/me/recommendations'],
    ];

    it('refuses a visitor on every personal endpoint with 401 and changes nothing', async () => {
      for (const [name, handler, method, path, body] of calls()) {
        const response = await callEndpoint(handler, null, method, path, { body });
        expect(response.status, name).toBe(401);
        expect(await response.json(), name).toEqual({ error: 'You must be logged in.' });
      }
      expect(await currentDb.selectFrom('user_list_items').selectAll().execute()).toEqual([]);
      expect(await currentDb.selectFrom('user_ratings').selectAll().execute()).toEqual([]);
      expect(await currentDb.selectFrom('watch_history').selectAll().execute()).toEqual([]);
    });

    it('keeps each user to their own rows, whatever the body claims', async () => {
      const forAlice = { list: 'my_list', type: 'movie', tmdbId: movieA };
      expect((await callEndpoint(lists.POST, alice, 'POST', '/api/me/lists', { body: forAlice })).status).toBe(200);
      await callEndpoint(ratings.PUT, alice, 'PUT', '/api/me/ratings', { body: { type: 'movie', tmdbId: movieA, rating: 5 } });
      await callEndpoint(history.POST, alice, 'POST', '/api/me/history', { body: { type: 'movie', tmdbId: movieA, progress: 30, position: 180 } });
      const aliceBefore = await rowsOf(alice.id);

      // Bob sees none of Alice's data...
      expect(await listOf(bob, 'my_list')).toEqual([]);
      const state = await (await callEndpoint(titleState.GET, bob, 'GET', `/api/me/title-state?type=movie&tmdbId=${movieA}`)).json();
      expect(state).toEqual({ lists: [], rating: null, ratingCount: 1 });
      expect(await (await callEndpoint(history.GET, bob, 'GET', '/api/me/history')).json()).toEqual({ items: [] });

      // ...and what he sends, even naming Alice, lands on his own rows only.
      await callEndpoint(lists.DELETE, bob, 'DELETE', '/api/me/lists', { body: { ...forAlice, user_id: alice.id, userId: alice.id } });
      await callEndpoint(ratings.PUT, bob, 'PUT', '/api/me/ratings', { body: { type: 'movie', tmdbId: movieA, rating: 1, userId: alice.id } });
      await callEndpoint(history.POST, bob, 'POST', '/api/me/history', { body: { type: 'movie', tmdbId: movieA, progress: 90, position: 540, userId: alice.id } });
      expect(await rowsOf(alice.id)).toEqual(aliceBefore);
      const bobRows = await rowsOf(bob.id);
      expect(bobRows.lists).toEqual([]);
      expect(bobRows.ratings.map((r) => r.rating)).toEqual([1]);
      expect(bobRows.history.map((h) => Number(h.progress_percentage))).toEqual([90]);
      expect(await listOf(alice, 'my_list')).toEqual([expect.objectContaining({ tmdbId: movieA })]);
    });
  });

  describe('lists', () => {
    it('adds newest first, keeps the two lists apart and toggles off', async () => {
      const add = (list: string, type: string, tmdbId: number) =>
        callEndpoint(lists.POST, alice, 'POST', '/api/me/lists', { body: { list, type, tmdbId } });
      const added = await add('my_list', 'movie', movieA);
      expect(await added.json()).toEqual({ inList: true, added: true, message: 'Added to My List' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await add('my_list', 'tv', show);
      await add('wishlist', 'movie', movieB);
      expect((await listOf(alice, 'my_list')).map((item) => `${item.type}:${item.tmdbId}`)).toEqual([`tv:${show}`, `movie:${movieA}`]);
      expect((await listOf(alice, 'wishlist')).map((item) => item.tmdbId)).toEqual([movieB]);

      const again = await (await add('my_list', 'movie', movieA)).json();
      expect(again).toEqual({ inList: true, added: false, message: 'Added to My List' });
      expect(await listOf(alice, 'my_list')).toHaveLength(2);

      const removed = await callEndpoint(lists.DELETE, alice, 'DELETE', '/api/me/lists', { body: { list: 'wishlist', type: 'movie', tmdbId: movieB } });
      expect(await removed.json()).toEqual({ inList: false, removed: true, message: 'Removed from Wishlist' });
      expect(await listOf(alice, 'wishlist')).toEqual([]);
      const state = await (await callEndpoint(titleState.GET, alice, 'GET', `/api/me/title-state?type=movie&tmdbId=${movieA}`)).json();
      expect(state).toMatchObject({ lists: ['my_list'] });
    });

    it('refuses unknown lists, unpublished or missing titles and non-JSON bodies', async () => {
      const post = (body: unknown) => callEndpoint(lists.POST, alice, 'POST', '/api/me/lists', { body });
      expect((await post({ list: 'favourites', type: 'movie', tmdbId: movieA })).status).toBe(400);
      expect((await post({ list: 'my_list', type: 'movie', tmdbId: -3 })).status).toBe(400);
      const missing = await post({ list: 'my_list', type: 'movie', tmdbId: draft });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'Title not found.' });
      const url = new URL('/api/me/lists', 'http://localhost');
      const form = new Request(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
      expect((await lists.POST({ request: form, url, locals: { user: alice }, params: {} } as never) as Response).status).toBe(415);
      expect((await callEndpoint(lists.GET, alice, 'GET', '/api/me/lists?list=nope')).status).toBe(400);
      expect(await currentDb.selectFrom('user_list_items').selectAll().execute()).toEqual([]);
    });
  });

  describe('ratings', () => {
    it('upserts one rating per user and title and counts raters', async () => {
      const rate = (user: SessionUser, rating: number) =>
        callEndpoint(ratings.PUT, user, 'PUT', '/api/me/ratings', { body: { type: 'movie', tmdbId: movieA, rating } });
      expect(await (await rate(alice, 3)).json()).toEqual({ rating: 3, ratingCount: 1, message: 'You rated this 3 star(s).' });
      expect(await (await rate(alice, 5)).json()).toEqual({ rating: 5, ratingCount: 1, message: 'You rated this 5 star(s).' });
      expect(await (await rate(bob, 1)).json()).toEqual({ rating: 1, ratingCount: 2, message: 'You rated this 1 star(s).' });
      const rows = await currentDb.selectFrom('user_ratings').select(['user_id', 'rating']).orderBy('rating').execute();
      expect(rows).toEqual([{ user_id: bob.id, rating: 1 }, { user_id: alice.id, rating: 5 }]);
      const state = await (await callEndpoint(titleState.GET, alice, 'GET', `/api/me/title-state?type=movie&tmdbId=${movieA}`)).json();
      expect(state).toEqual({ lists: [], rating: 5, ratingCount: 2 });
    });

    it('accepts only whole stars from 1 to 5', async () => {
      for (const rating of [0, 6, 2.5, '4', null]) {
        const response = await callEndpoint(ratings.PUT, alice, 'PUT', '/api/me/ratings', { body: { type: 'movie', tmdbId: movieA, rating } });
        expect(response.status, String(rating)).toBe(400);
      }
      expect(await currentDb.selectFrom('user_ratings').selectAll().execute()).toEqual([]);
    });
  });

  describe('continue watching', () => {
    const record = (tmdbId: number, progress: number, extra: Record<string, unknown> = { type: 'movie' }) =>
      callEndpoint(history.POST, alice, 'POST', '/api/me/history', { body: { tmdbId, progress, position: progress * 6, ...extra } });

    it('lists titles under 95 %, newest first, resuming shows on their episode', async () => {
      expect((await record(movieA, 40)).status).toBe(200);
      await record(show, 10, { type: 'tv', season: 2, episode: 3 });
      await record(movieB, 96);
      const { items } = await (await callEndpoint(history.GET, alice, 'GET', '/api/me/history')).json() as { items: { href: string; progress: number }[] };
      expect(items.map((item) => [item.href, item.progress])).toEqual([
        [`/tv/gamma-files/${show}?season=2&episode=3`, 10],
        [`/movie/alpha-run/${movieA}`, 40],
      ]);
      // Watching again moves the title to the front and keeps one row per title.
      await record(movieA, 55);
      const again = await (await callEndpoint(history.GET, alice, 'GET', '/api/me/history')).json() as { items: { href: string; progress: number }[] };
      expect(again.items.map((item) => item.progress)).toEqual([55, 10]);
      expect(await currentDb.selectFrom('watch_history').selectAll().where('user_id', '=', alice.id).execute()).toHaveLength(3);
    });

    it('shows at most the 20 most recently watched', async () => {
      const base = Date.now() - 100_000;
      const movies = await Promise.all(Array.from({ length: 22 }, (_, i) => insertMovie(currentDb, { title: `Binge ${i}` })));
      await currentDb.insertInto('watch_history').values(movies.map((movie, i) => ({
        user_id: alice.id, content_type: 'movie' as const, content_tmdb_id: movie.tmdb_id, progress_percentage: 50, last_watched_at: new Date(base + i * 1000),
      }))).execute();
      const { items } = await (await callEndpoint(history.GET, alice, 'GET', '/api/me/history')).json() as { items: { card: { title: string } }[] };
      expect(items).toHaveLength(20);
      expect(items[0]!.card.title).toBe('Binge 21');
      expect(items.at(-1)!.card.title).toBe('Binge 2');
    });

    it('refuses progress out of range and episodes without a season', async () => {
      expect((await record(movieA, 101)).status).toBe(400);
      expect((await record(show, 20, { type: 'tv' })).status).toBe(400);
      expect((await record(movieA, 20, { type: 'movie', season: 1, episode: 1 })).status).toBe(400);
      expect(await currentDb.selectFrom('watch_history').selectAll().execute()).toEqual([]);
    });
  });
});
