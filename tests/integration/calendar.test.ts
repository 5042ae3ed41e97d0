/**
 * The release calendar and its private iCal feed: upcoming releases and episodes of the titles in a user's lists,
 * from TMDB's dates as the import keeps them (the next episode of a season TMDB does not list yet included); a feed
 * that calendar apps read (valid iCalendar, parsed here with ical.js), whose renewed link stops the old one at once,
 * and where a wrong token gets the same 404 as an unknown one.
 */
import ICAL from 'ical.js';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import type { CalendarAnswer, FeedLink } from '../../src/lib/calendar/contract.ts';
import { createTmdbClient } from '../../src/lib/tmdb/client.ts';
import { importMovie, importShow } from '../../src/lib/tmdb/importer.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie } from '../support/catalogue-fixtures.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { callEndpoint, insertUser } from '../support/personal-fixtures.ts';
import { dayFromToday, NEXT_EPISODE, UPCOMING_MOVIE_DAYS, UPCOMING_MOVIE_ID, UPCOMING_SHOW_ID } from '../support/tmdb-fixtures/index.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

const calendar = await import('../../src/pages/api/me/calendar.ts');
const feedLink = await import('../../src/pages/api/me/calendar/feed.ts');
const feed = await import('../../src/pages/api/calendar/[token].ts');

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });

const LONG_TITLE = 'Heat; Wave, Part 2 \\ The Extended, Remastered, Director\'s Cut With A Very Long Subtitle That Folds';

describeEachEngine('the release calendar', (getDb) => {
  let alice: SessionUser;
  let bob: SessionUser;
  let escaped: number;

  beforeAll(async () => {
    currentDb = getDb();
    const client = createTmdbClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 10, requestsPerSecond: 200 });
    await importMovie(currentDb, client, UPCOMING_MOVIE_ID);
    await importShow(currentDb, client, UPCOMING_SHOW_ID);
    escaped = (await insertMovie(currentDb, { title: LONG_TITLE, release_date: dayFromToday(3) })).tmdb_id;
    const draft = (await insertMovie(currentDb, { title: 'Draft Premiere', release_date: dayFromToday(4), is_published: false })).tmdb_id;
    const unlisted = (await insertMovie(currentDb, { title: 'Nobody Saved This', release_date: dayFromToday(5) })).tmdb_id;
    alice = await insertUser(currentDb, 'calendar-alice@example.com');
    bob = await insertUser(currentDb, 'calendar-bob@example.com');
    await currentDb.insertInto('user_list_items').values([
      { user_id: alice.id, list: 'wishlist', content_type: 'movie', content_tmdb_id: UPCOMING_MOVIE_ID },
      { user_id: alice.id, list: 'my_list', content_type: 'tv', content_tmdb_id: UPCOMING_SHOW_ID },
      { user_id: alice.id, list: 'wishlist', content_type: 'tv', content_tmdb_id: UPCOMING_SHOW_ID },
      { user_id: alice.id, list: 'my_list', content_type: 'movie', content_tmdb_id: escaped },
      { user_id: alice.id, list: 'my_list', content_type: 'movie', content_tmdb_id: draft },
      { user_id: bob.id, list: 'my_list', content_type: 'movie', content_tmdb_id: unlisted },
    ]).execute();
  });

  const entriesOf = async (user: SessionUser) => (await (await callEndpoint(calendar.GET, user, 'GET', `/api/me/calendar?from=${dayFromToday(0)}`)).json()) as CalendarAnswer;
  const newFeed = async (user: SessionUser) => (await (await callEndpoint(feedLink.POST, user, 'POST', '/api/me/calendar/feed')).json()) as FeedLink;
  const fetchFeed = (url: string) => {
    const token = new URL(url).pathname.split('/').pop()!;
    return callEndpoint(feed.GET, null, 'GET', new URL(url).pathname, { params: { token } });
  };

  it('lists the coming releases and episodes of the titles in My List and the Wishlist, by day, each once', async () => {
    const { entries, feed: status } = await entriesOf(alice);
    expect(entries.map((entry) => [entry.date, entry.type, entry.title, entry.episode])).toEqual([
      [dayFromToday(3), 'movie', LONG_TITLE, null],
      [dayFromToday(NEXT_EPISODE.days), 'tv', `Show ${UPCOMING_SHOW_ID}`, { season: 3, number: 1, name: 'The Return' }],
      [dayFromToday(UPCOMING_MOVIE_DAYS), 'movie', 'Coming Soon', null],
    ]);
    expect(entries[2]!.href).toBe(`/movie/coming-soon/${UPCOMING_MOVIE_ID}`);
    expect(status).toBeNull();
    expect((await entriesOf(bob)).entries.map((entry) => entry.title)).toEqual(['Nobody Saved This']);
  });

  it('serves a valid iCalendar feed: all-day events, stable UIDs, escaped and folded text', async () => {
    const link = await newFeed(alice);
    expect(link.url).toMatch(/^http:\/\/localhost:4321\/api\/calendar\/[\w-]{43}\.ics$/);
    expect(link.webcalUrl).toBe(link.url.replace('http:', 'webcal:'));
    const response = await fetchFeed(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => [event.uid, event.startDate.isDate, event.startDate.toString(), event.summary])).toEqual([
      [`movie-${escaped}@localhost:4321`, true, dayFromToday(3), `${LONG_TITLE} (release)`],
      [`tv-${UPCOMING_SHOW_ID}-s3e1@localhost:4321`, true, dayFromToday(NEXT_EPISODE.days), `Show ${UPCOMING_SHOW_ID} S03E01: The Return`],
      [`movie-${UPCOMING_MOVIE_ID}@localhost:4321`, true, dayFromToday(UPCOMING_MOVIE_DAYS), 'Coming Soon (release)'],
    ]);
    expect(events[2]!.component.getFirstPropertyValue('url')).toBe(`http://localhost:4321/movie/coming-soon/${UPCOMING_MOVIE_ID}`);
    // The same UIDs on the next fetch: a calendar app updates its events.
    const again = new ICAL.Component(ICAL.parse(await (await fetchFeed(link.url)).text())).getAllSubcomponents('vevent');
    expect(again.map((component) => component.getFirstPropertyValue('uid'))).toEqual(events.map((event) => event.uid));
    expect((await entriesOf(alice)).feed?.createdAt).toBe(link.createdAt);
  });

  it('a renewed link stops the old one at once; a wrong or unknown token gets the same 404, and each feed is its owner\'s', async () => {
    const old = await newFeed(alice);
    const renewed = await newFeed(alice);
    const bobs = await newFeed(bob);
    const notFound = async (url: string) => {
      const response = await fetchFeed(url);
      return [response.status, await response.text()];
    };
    expect(await notFound(old.url)).toEqual([404, '{"error":"Not found."}']);
    expect(await notFound(old.url.replace(/\w{6}\.ics$/, 'abcdef.ics'))).toEqual([404, '{"error":"Not found."}']);
    expect(await notFound('http://localhost:4321/api/calendar/not-a-token')).toEqual([404, '{"error":"Not found."}']);
    expect((await fetchFeed(renewed.url)).status).toBe(200);
    const bobsFeed = await (await fetchFeed(bobs.url)).text();
    expect(bobsFeed).toContain('Nobody Saved This');
    expect(bobsFeed).not.toContain('Coming Soon');
    const hashes = await currentDb.selectFrom('calendar_feeds').select('token_hash').execute();
    for (const link of [renewed, bobs]) expect(hashes.map((row) => row.token_hash)).not.toContain(link.url.split('/').pop()!.replace('.ics', ''));

    const stopped = await callEndpoint(feedLink.DELETE, alice, 'DELETE', '/api/me/calendar/feed');
    expect(await stopped.json()).toEqual({ message: 'Your private feed is off: its link no longer works.' });
    expect(await notFound(renewed.url)).toEqual([404, '{"error":"Not found."}']);
  });

  it('a re-import (as the TMDB sync does) keeps the next episode\'s date up to date', async () => {
    const later = dayFromToday(NEXT_EPISODE.days + 7);
    fake.edit(`/tv/${UPCOMING_SHOW_ID}`, { next_episode_to_air: { id: 1, episode_number: 1, season_number: 3, name: 'The Return', air_date: later } });
    await importShow(currentDb, createTmdbClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 10, requestsPerSecond: 200 }), UPCOMING_SHOW_ID);
    fake.reset();
    expect((await entriesOf(alice)).entries.find((entry) => entry.type === 'tv')?.date).toBe(later);
  });
});
