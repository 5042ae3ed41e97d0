/**
 * Recommendations, requests and view tracking through their endpoints: recommendations follow the user's genres
 * and cast with a reason and never repeat rated, listed or finished titles; requests keep private ones private
 * and are rate limited per IP; view counts go up once per client, title and day, decided by the server.
 */
import type { Kysely } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { callEndpoint, insertUser } from '../support/personal-fixtures.ts';
import { POPULAR_REASON } from '../../src/lib/recommendations/recommendations.ts';
import { REQUESTS_PER_IP } from '../../src/lib/requests/requests.ts';
import { pruneViewTables, VIEW_EVENTS_RETENTION_DAYS, VIEWS_PER_IP } from '../../src/lib/analytics/events.ts';
import { getAnalyticsSummary } from '../../src/lib/analytics/summary.ts';
import { visitorKey } from '../../src/lib/analytics/visitor-key.ts';
import { migrations } from '../../db/migrations/index.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
// The session is the test's `locals.user` (server-env reads astro:env, which exists only inside Astro).
vi.mock('../../src/lib/accounts/server-env.ts', () => ({
  sessionUserOf: async (context: { locals: { user?: unknown } }) => context.locals.user ?? null,
}));

const recommendations = await import('../../src/pages/api/me/recommendations.ts');
const ratings = await import('../../src/pages/api/me/ratings.ts');
const lists = await import('../../src/pages/api/me/lists.ts');
const history = await import('../../src/pages/api/me/history.ts');
const requests = await import('../../src/pages/api/requests.ts');
const views = await import('../../src/pages/api/events/view.ts');
const viewCounts = await import('../../src/pages/api/events/view-count.ts');

interface Pick { card: { type: string; tmdbId: number; title: string }; reason: string }

describeEachEngine('recommendations, requests and views', (getDb) => {
  let reader: SessionUser;
  let newcomer: SessionUser;
  const t: Record<string, number> = {};

  beforeAll(async () => {
    currentDb = getDb();
    await insertGenres(currentDb);
    reader = await insertUser(currentDb, 'reader.one@example.com');
    newcomer = await insertUser(currentDb, 'newcomer@example.com');
    await insertPerson(currentDb, 501, 'Star Actor');
    const movie = async (key: string, title: string, genres: number[], popularity: number, extra = {}) => {
      t[key] = (await insertMovie(currentDb, { title, genres, popularity, ...extra })).tmdb_id;
    };
    await movie('seedHorror', 'Seed Horror', [27], 10);
    await movie('horror2', 'Other Horror', [27, 53], 5);
    await movie('horror3', 'Third Horror', [27], 4);
    await movie('comedyStar', 'Star Comedy', [35], 3);
    await movie('comedy', 'Plain Comedy', [35], 90);
    await movie('popular', 'Blockbuster', [28], 100, { stream_url: 'https://stream.example/1' });
    await movie('draftHorror', 'Draft Horror', [27], 99, { is_published: false });
    await movie('finished', 'Finished Horror', [27], 8);
    await movie('listed', 'Listed Horror', [27], 7);
    t.show = (await insertShow(currentDb, { name: 'Horror Show', genres: [27], popularity: 2 })).tmdb_id;
    const ids = await currentDb.selectFrom('movies').select(['id', 'tmdb_id']).where('tmdb_id', 'in', [t.seedHorror!, t.comedyStar!]).execute();
    await currentDb.insertInto('movie_credits').values(ids.map((row) => ({ movie_id: row.id, person_id: 501, credit_order: 0, character_name: 'Lead' }))).execute();
  });
  beforeEach(() => {
    currentDb = getDb();
  });

  const recommend = async (user: SessionUser): Promise<Pick[]> =>
    ((await (await callEndpoint(recommendations.GET, user, 'GET', '/api/me/recommendations')).json()) as { items: Pick[] }).items;

  describe('recommendations', () => {
    it('gives a new user the popular published titles', async () => {
      const picks = await recommend(newcomer);
      expect(picks.slice(0, 2).map((p) => [p.card.title, p.reason])).toEqual([['Blockbuster', POPULAR_REASON], ['Plain Comedy', POPULAR_REASON]]);
      expect(picks.map((p) => p.card.title)).not.toContain('Draft Horror');
    });

    it('follows genres and cast of liked titles, with reasons, and leaves out rated, listed and finished titles', async () => {
      const before = await recommend(reader);
      expect(before[0]!.card.title).toBe('Blockbuster');

      await callEndpoint(ratings.PUT, reader, 'PUT', '/api/me/ratings', { body: { type: 'movie', tmdbId: t.seedHorror, rating: 5 } });
      await callEndpoint(lists.POST, reader, 'POST', '/api/me/lists', { body: { list: 'wishlist', type: 'movie', tmdbId: t.listed } });
      await callEndpoint(history.POST, reader, 'POST', '/api/me/history', { body: { type: 'movie', tmdbId: t.finished, progress: 99, position: 590 } });
      const picks = await recommend(reader);
      const titles = picks.map((p) => p.card.title);

      // Horror titles share a genre with all three seeds (rated 5, wishlisted, watched); Star Comedy shares
      // only the lead actor of the rated one, which still puts it before any merely popular title.
      expect(titles.slice(0, 4)).toEqual(['Other Horror', 'Third Horror', 'Horror Show', 'Star Comedy']);
      expect(picks.slice(0, 4).map((p) => p.reason)).toEqual(Array(4).fill('Because you rated Seed Horror'));
      for (const gone of ['Seed Horror', 'Listed Horror', 'Finished Horror', 'Draft Horror']) expect(titles).not.toContain(gone);
      // Popular titles only fill up after the personal picks.
      expect(picks.find((p) => p.card.title === 'Blockbuster')?.reason).toBe(POPULAR_REASON);
      expect(titles.indexOf('Blockbuster')).toBeGreaterThan(titles.indexOf('Horror Show'));
    });

    it('counts a one-star rating against its genres', async () => {
      const critic = await insertUser(currentDb, 'critic@example.com');
      await callEndpoint(ratings.PUT, critic, 'PUT', '/api/me/ratings', { body: { type: 'movie', tmdbId: t.comedy, rating: 1 } });
      const picks = await recommend(critic);
      expect(picks.every((p) => p.reason === POPULAR_REASON)).toBe(true);
      expect(picks.map((p) => p.card.title)).not.toContain('Plain Comedy');
    });
  });

  describe('requests', () => {
    beforeEach(async () => {
      await currentDb.deleteFrom('requests').execute();
      await currentDb.deleteFrom('rate_limits').execute();
    });
    const submit = (user: SessionUser | null, body: unknown, ip = '10.0.0.1') =>
      callEndpoint(requests.POST, user, 'POST', '/api/requests', { body, clientAddress: ip });
    const recent = async () => ((await (await callEndpoint(requests.GET, null, 'GET', '/api/requests')).json()) as {
      items: { message: string; requester: string; createdAt: string }[];
    }).items;

    it('stores trimmed requests linked to the account or anonymous, and serves only public ones', async () => {
      const answer = await submit(reader, { message: '  Please add Seed Horror 2  ', isPublic: true });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ message: 'Your request has been submitted!' });
      await submit(null, { message: 'Anonymous wish', isPublic: true });
      await submit(reader, { message: 'My secret wish', isPublic: false });

      const rows = await currentDb.selectFrom('requests').select(['user_id', 'user_email', 'message', 'is_public']).orderBy('id').execute();
      expect(rows).toEqual([
        { user_id: reader.id, user_email: reader.email, message: 'Please add Seed Horror 2', is_public: true },
        { user_id: null, user_email: null, message: 'Anonymous wish', is_public: true },
        { user_id: reader.id, user_email: reader.email, message: 'My secret wish', is_public: false },
      ]);
      const items = await recent();
      expect(items.map((item) => [item.message, item.requester])).toEqual([['Anonymous wish', 'Anonymous'], ['Please add Seed Horror 2', 'Member']]);
      expect(JSON.stringify(items)).not.toContain('@');
      expect(JSON.stringify(items)).not.toContain(reader.email.split('@')[0]);
    });

    it("refuses a blank request with the spec's message", async () => {
      const answer = await submit(null, { message: ' \n\t ', isPublic: true });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: 'message: Please enter a request.' });
      expect(await currentDb.selectFrom('requests').selectAll().execute()).toEqual([]);
    });

    it('lists the 20 newest public requests', async () => {
      const start = Date.now() - 60_000;
      await currentDb.insertInto('requests').values(Array.from({ length: 23 }, (_, i) => ({
        message: `Wish ${i}`, is_public: true, created_at: new Date(start + i * 1000),
      }))).execute();
      const items = await recent();
      expect(items).toHaveLength(20);
      expect(items[0]!.message).toBe('Wish 22');
      expect(items.at(-1)!.message).toBe('Wish 3');
    });

    it('limits submissions per IP address', async () => {
      for (let i = 0; i < REQUESTS_PER_IP.perClient; i++) expect((await submit(null, { message: `Wish ${i}` })).status).toBe(201);
      const refused = await submit(null, { message: 'One too many' });
      expect(refused.status).toBe(429);
      expect((await submit(null, { message: 'From elsewhere' }, '10.0.0.2')).status).toBe(201);
      expect(await currentDb.selectFrom('requests').selectAll().execute()).toHaveLength(REQUESTS_PER_IP.perClient + 1);
    });
  });

  describe('view tracking', () => {
    beforeEach(async () => {
      await currentDb.deleteFrom('view_events').execute();
      await currentDb.deleteFrom('view_event_days').execute();
      await currentDb.deleteFrom('view_dedupe').execute();
      await currentDb.deleteFrom('rate_limits').where('bucket', 'like', 'view:%').execute();
      vi.unstubAllEnvs();
      vi.stubEnv('AUTH_SECRET', 'view-dedupe-test-secret'); // view_dedupe's key (visitor-key.ts)
    });
    const viewCount = async (tmdbId: number) =>
      Number((await currentDb.selectFrom('movies').select('view_count').where('tmdb_id', '=', tmdbId).executeTakeFirstOrThrow()).view_count);
    /** A page load from `clientAddress` with a fresh (empty) views cookie each time, which the server ignores. */
    const post = (title: unknown, clientAddress = '10.1.0.1', headers: Record<string, string> = {}) =>
      callEndpoint(views.POST, null, 'POST', '/api/events/view', {
        body: { title }, clientAddress, headers: { Cookie: 'cc_views=', ...headers },
      });
    const view = async (title: unknown, clientAddress?: string, headers?: Record<string, string>) =>
      (await post(title, clientAddress, headers)).json();

    it('counts a movie with a stream link once per client and day even with fresh cookies, and tracks the client once', async () => {
      const before = await viewCount(t.popular!);
      const iphone = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' };
      expect(await view({ type: 'movie', tmdbId: t.popular }, '10.1.0.1', iphone)).toEqual({ tracked: true, counted: true, viewCount: before + 1, ratingCount: 0 });
      for (let i = 0; i < 5; i++) {
        expect(await view({ type: 'movie', tmdbId: t.popular }, '10.1.0.1')).toEqual({ tracked: false, counted: false, viewCount: before + 1, ratingCount: 0 });
      }
      expect(await viewCount(t.popular!)).toBe(before + 1);

      // Another client counts again; a movie without a stream link never does.
      expect(await view({ type: 'movie', tmdbId: t.popular }, '10.1.0.2')).toEqual({ tracked: true, counted: true, viewCount: before + 2, ratingCount: 0 });
      expect(await viewCount(t.popular!)).toBe(before + 2);
      expect(await view({ type: 'movie', tmdbId: t.comedy }, '10.1.0.1')).toEqual({ tracked: false, counted: false, viewCount: 0, ratingCount: 1 });
      expect(await viewCount(t.comedy!)).toBe(0);

      const events = await currentDb.selectFrom('view_events').select(['country', 'device_type', 'content_tmdb_id']).orderBy('id').execute();
      expect(events).toEqual([
        { country: 'Unknown', device_type: 'mobile', content_tmdb_id: t.popular },
        { country: 'Unknown', device_type: 'desktop', content_tmdb_id: t.popular },
      ]);
    });

    it('counts a published TV show once per client and day; a draft or unknown title counts nothing', async () => {
      const showViews = async (tmdbId: number) =>
        Number((await currentDb.selectFrom('tv_shows').select('view_count').where('tmdb_id', '=', tmdbId).executeTakeFirstOrThrow()).view_count);
      const before = await showViews(t.show!);
      expect(await view({ type: 'tv', tmdbId: t.show })).toEqual({ tracked: true, counted: true, viewCount: before + 1, ratingCount: 0 });
      expect(await view({ type: 'tv', tmdbId: t.show })).toEqual({ tracked: false, counted: false, viewCount: before + 1, ratingCount: 0 });
      expect(await showViews(t.show!)).toBe(before + 1);
      // The same number as a movie's id is another title.
      expect(await view({ type: 'movie', tmdbId: t.show })).toEqual({ tracked: false, counted: false, viewCount: null, ratingCount: null });

      const draft = await insertShow(currentDb, { name: 'Draft Show', is_published: false });
      expect(await view({ type: 'tv', tmdbId: draft.tmdb_id }, '10.1.0.3')).toEqual({ tracked: true, counted: false, viewCount: null, ratingCount: null });
      expect(await showViews(draft.tmdb_id)).toBe(0);
    });

    it('refuses a client past its rate limit with 429, changing no counts or events', async () => {
      for (let i = 0; i < VIEWS_PER_IP.perClient; i++) expect((await post(null, '10.1.0.9')).status).toBe(200);
      const before = await viewCount(t.popular!);
      const refused = await post({ type: 'movie', tmdbId: t.popular }, '10.1.0.9');
      expect([refused.status, await refused.json()]).toEqual([429, { error: 'Too many attempts. Please try again later.' }]);
      expect(await viewCount(t.popular!)).toBe(before);
      expect(await currentDb.selectFrom('view_events').selectAll().execute()).toHaveLength(1);
      expect(await currentDb.selectFrom('view_dedupe').select('subject').where('client_key', '=', visitorKey('10.1.0.9')).execute()).toEqual([{ subject: 'session' }]);
      // Another client is unaffected.
      expect(await view({ type: 'movie', tmdbId: t.popular }, '10.1.0.10')).toEqual({ tracked: true, counted: true, viewCount: before + 1, ratingCount: 0 });
    });

    it('keeps no address: a keyed hash of the /64 (of an IPv4 address itself), so another address of that /64 counts nothing again', async () => {
      const before = await viewCount(t.popular!);
      const movie = { type: 'movie', tmdbId: t.popular };
      expect(await view(movie, '2001:db8:5:1::1')).toEqual({ tracked: true, counted: true, viewCount: before + 1, ratingCount: 0 });
      expect(await view(movie, '2001:db8:5:1:ffff:ab:cd:2')).toEqual({ tracked: false, counted: false, viewCount: before + 1, ratingCount: 0 });
      expect(await view(movie, '2001:db8:5:2::1')).toEqual({ tracked: true, counted: true, viewCount: before + 2, ratingCount: 0 });
      expect(await view(movie, '10.1.0.20')).toEqual({ tracked: true, counted: true, viewCount: before + 3, ratingCount: 0 });
      const stored = (await currentDb.selectFrom('view_dedupe').select('client_key').distinct().execute()).map((row) => row.client_key).sort();
      expect(stored).toEqual([visitorKey('2001:db8:5:1::1'), visitorKey('2001:db8:5:2::1'), visitorKey('10.1.0.20')].sort());
      for (const key of stored) expect(key).toMatch(/^[\w-]{43}$/);
      // Keyed: without AUTH_SECRET nobody can tell which address made a row, not even by hashing all of them.
      vi.stubEnv('AUTH_SECRET', 'another-secret');
      expect(stored).not.toContain(visitorKey('10.1.0.20'));
    });

    it('migration 0016 drops the raw addresses stored, keeping the keyed rows of today', async () => {
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const keyed = visitorKey('10.1.0.9');
      await currentDb.insertInto('view_dedupe').values([
        { client_key: '10.1.0.7', subject: 'session' },
        { client_key: '2001:db8:6:1::1', subject: `movie:${t.popular}` },
        { client_key: keyed, subject: 'session' },
        { client_key: '10.1.0.8', subject: 'session', day: yesterday },
      ]).execute();
      await migrations['0016_security_fourth_pass']!.up(currentDb);
      expect(await currentDb.selectFrom('view_dedupe').select(['client_key', 'subject']).execute()).toEqual([{ client_key: keyed, subject: 'session' }]);
      expect(await view(null, '10.1.0.9')).toMatchObject({ tracked: false });
    });

    it("drops earlier days' dedupe rows and rolls old events up, keeping the 'all' analytics", async () => {
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const visitor = visitorKey('10.1.0.1');
      await currentDb.insertInto('view_dedupe').values([
        { client_key: visitor, subject: 'session', day: yesterday },
        { client_key: visitor, subject: `movie:${t.popular}`, day: yesterday },
      ]).execute();
      const old = new Date(Date.now() - (VIEW_EVENTS_RETENTION_DAYS + 5) * 86_400_000);
      await currentDb.insertInto('view_events').values([
        { occurred_at: old, country: 'FR', device_type: 'mobile' },
        { occurred_at: old, country: 'FR', device_type: 'mobile' },
        { occurred_at: new Date(Date.now() - 2 * 86_400_000), country: 'FR', device_type: 'desktop' },
      ]).execute();

      // Yesterday's rows do not stop today's count; the first view today prunes them.
      const before = await viewCount(t.popular!);
      expect(await view({ type: 'movie', tmdbId: t.popular }, '10.1.0.1')).toEqual({ tracked: true, counted: true, viewCount: before + 1, ratingCount: 0 });
      expect(await currentDb.selectFrom('view_dedupe').select(['client_key', 'subject']).orderBy('subject').execute())
        .toEqual([{ client_key: visitor, subject: `movie:${t.popular}` }, { client_key: visitor, subject: 'session' }]);
      expect(await currentDb.selectFrom('view_events').select('country').where('occurred_at', '<', new Date(Date.now() - 365 * 86_400_000)).execute()).toEqual([]);
      const rolledUp = await currentDb.selectFrom('view_event_days').select(['country', 'device_type', 'views']).execute();
      expect(rolledUp.map((row) => ({ ...row, views: Number(row.views) }))).toEqual([{ country: 'FR', device_type: 'mobile', views: 2 }]);
      await pruneViewTables(currentDb); // nothing more to move: counted once
      expect(await getAnalyticsSummary(currentDb, 'all')).toEqual({
        period: 'all', totalViews: 4,
        topCountries: [{ country: 'FR', count: 3 }, { country: 'Unknown', count: 1 }],
        deviceTypes: [{ deviceType: 'desktop', count: 2 }, { deviceType: 'mobile', count: 2 }],
      });
      expect((await getAnalyticsSummary(currentDb, '7d')).totalViews).toBe(2);
    });

    it('answers the live counts of a published title (views and ratings), 404 for others, 400 for bad input', async () => {
      const count = async (query: string) => {
        const response = await callEndpoint(viewCounts.GET, null, 'GET', `/api/events/view-count?${query}`);
        return [response.status, await response.json()];
      };
      await currentDb.updateTable('tv_shows').set({ view_count: 41 }).where('tmdb_id', '=', t.show!).execute();
      await currentDb.insertInto('user_ratings').values({ user_id: (await currentDb.selectFrom('users').select('id').executeTakeFirstOrThrow()).id,
        content_type: 'tv', content_tmdb_id: t.show!, rating: 4 }).onConflict((oc) => oc.doNothing()).execute();
      const ratings = Number((await currentDb.selectFrom('user_ratings').select((eb) => eb.fn.countAll().as('n'))
        .where('content_type', '=', 'tv').where('content_tmdb_id', '=', t.show!).executeTakeFirstOrThrow()).n);
      expect(ratings).toBeGreaterThan(0);
      expect(await count(`type=tv&tmdbId=${t.show}`)).toEqual([200, { viewCount: 41, ratingCount: ratings }]);
      expect(await count(`type=movie&tmdbId=${t.popular}`)).toEqual([200, { viewCount: await viewCount(t.popular!), ratingCount: 0 }]);
      expect(await count(`type=movie&tmdbId=${t.draftHorror}`)).toEqual([404, { error: 'Movie not found.' }]);
      expect(await count('type=tv&tmdbId=2000000000')).toEqual([404, { error: 'TV show not found.' }]);
      expect((await count('type=book&tmdbId=1'))[0]).toBe(400);
      expect((await count('type=movie&tmdbId=99999999999'))[0]).toBe(400);
    });

    it("takes the country only from Netlify's geolocation, never from a client's header", async () => {
      const geo = Buffer.from(JSON.stringify({ country: { code: 'DE', name: 'Germany' } })).toString('base64');
      await view(null, '10.1.0.1', { 'x-country': 'BR', 'x-nf-geo': geo, 'Accept-Language': 'en-US' });
      vi.stubEnv('NETLIFY', 'true'); // on Netlify its edge sets x-nf-geo
      await view(null, '10.1.0.2', { 'x-country': 'BR', 'x-nf-geo': geo });
      const rows = await currentDb.selectFrom('view_events').select(['country', 'content_tmdb_id']).orderBy('id').execute();
      expect(rows).toEqual([{ country: 'Unknown', content_tmdb_id: null }, { country: 'DE', content_tmdb_id: null }]);
    });
  });
});
