/**
 * Wishlist alerts, third trigger: a Wishlist title arriving on one of the user's services in their region (streamed,
 * free or with ads there, as "Only on my services" counts it) is mailed once, by the TMDB sync or import that brought
 * it; a service in another region, a rent or buy offer, or the user's own change of region or services mails nothing,
 * and a title already on their services when it joins the Wishlist or when alerts are turned on is never announced.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import { queueWishlistAlerts } from '../../src/lib/alerts/watchable.ts';
import { createTmdbClient } from '../../src/lib/tmdb/client.ts';
import { runImportJob } from '../../src/lib/tmdb/import-jobs.ts';
import { importMovie } from '../../src/lib/tmdb/importer.ts';
import { createSync, runSync } from '../../src/lib/tmdb/sync.ts';
import { describeEachEngine } from '../support/engines.ts';
import { startFakeTmdb } from '../support/fake-tmdb.ts';
import { callEndpoint, insertUser } from '../support/personal-fixtures.ts';
import { TEST_SESSION_KEYS } from '../support/sessions.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

// The sync and the import send with the server's own mail settings: an outbox in a folder of this test.
const outbox = mkdtempSync(join(tmpdir(), 'alerts-services-outbox-'));
vi.stubEnv('AUTH_SECRET', TEST_SESSION_KEYS.secret);
vi.stubEnv('OUTBOX_DIR', outbox);
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

let fake: Awaited<ReturnType<typeof startFakeTmdb>>;
beforeAll(async () => { fake = await startFakeTmdb(); });
afterAll(async () => { await fake.close(); });
afterEach(() => fake.reset());
const client = () => createTmdbClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, backoffMs: 5, requestsPerSecond: 500 });

const alerts = await import('../../src/pages/api/me/alerts.ts');
const lists = await import('../../src/pages/api/me/lists.ts');
const preferences = await import('../../src/pages/api/me/watch-preferences.ts');

/** The fixtures' names of the providers used here (tests/support/tmdb-fixtures). */
const NAMES: Record<number, string> = { 2: 'Provider 2', 8: 'Provider 8', 99: 'UK Only', 337: 'Provider 337' };
type Kind = 'flatrate' | 'free' | 'ads' | 'rent' | 'buy';
/** TMDB's watch/providers answer: in each region, the providers of each kind. */
const answer = (regions: Record<string, Partial<Record<Kind, number[]>>>) => ({
  results: Object.fromEntries(Object.entries(regions).map(([region, kinds]) => [region, {
    link: `https://www.themoviedb.org/watch?locale=${region}`,
    ...Object.fromEntries(Object.entries(kinds).map(([kind, ids]) => [kind, ids.map((id) => ({
      provider_id: id, provider_name: NAMES[id], logo_path: `/p${id}.jpg`, display_priority: 1 }))])),
  }])),
});

/** The movie the tests wish for: fixture 3, imported with `regions`' offers and no stream link here. */
const MOVIE = 3;
const TITLE = 'Movie 3';

describeEachEngine('Wishlist alerts for a title arriving on the user\'s services', (getDb) => {
  let alice: SessionUser;
  let movie: { id: number; tmdbId: number };

  beforeAll(async () => {
    currentDb = getDb();
    alice = await insertUser(currentDb, 'services-alice@example.com');
    // Fixture 1 brings the platforms a user can pick (8, 99, 2...).
    await importMovie(currentDb, client(), 1);
  });
  beforeEach(async () => {
    currentDb = getDb();
    for (const table of ['wishlist_alerts', 'wishlist_alert_subscriptions', 'user_list_items', 'account_mail_jobs', 'user_watch_services',
      'user_preferences', 'tmdb_syncs', 'import_jobs'] as const) await currentDb.deleteFrom(table).execute();
    movie = await importWith({});
  });

  const importWith = async (regions: Record<string, Partial<Record<Kind, number[]>>>) => {
    fake.edit(`/movie/${MOVIE}`, { 'watch/providers': answer(regions) });
    const { id } = await importMovie(currentDb, client(), MOVIE);
    return { id, tmdbId: MOVIE };
  };
  /** A TMDB sync that finds the movie changed and gets `regions`' offers for it (it sends what it queued). */
  const syncWith = async (regions: Record<string, Partial<Record<Kind, number[]>>>) => {
    fake.edit(`/movie/${MOVIE}`, { 'watch/providers': answer(regions) });
    fake.setChanges('movie', [MOVIE]);
    await currentDb.deleteFrom('tmdb_syncs').execute();
    const { sync } = await createSync(currentDb, 'admin');
    await runSync(currentDb, client(), sync.id);
    expect(await currentDb.selectFrom('tmdb_syncs').select(['status', 'skipped']).where('id', '=', sync.id).executeTakeFirstOrThrow())
      .toEqual({ status: 'done', skipped: [] });
  };
  const savePreferences = async (body: { region?: string; services?: number[] }) =>
    expect((await callEndpoint(preferences.PUT, alice, 'PUT', '/api/me/watch-preferences', { body })).status).toBe(200);
  const wishAndOptIn = async () => {
    expect((await callEndpoint(lists.POST, alice, 'POST', '/api/me/lists', { body: { list: 'wishlist', type: 'movie', tmdbId: movie.tmdbId } })).status).toBe(200);
    expect((await callEndpoint(alerts.PUT, alice, 'PUT', '/api/me/alerts', { body: { wishlistAlerts: true } })).status).toBe(200);
  };
  const recorded = () => currentDb.selectFrom('wishlist_alerts').select(['content_tmdb_id', 'mailed']).where('user_id', '=', alice.id).execute();
  /** The mails written to the outbox since `before` (its file names then). */
  const mailsSince = (before: Set<string>) => readdirSync(outbox).filter((name) => !before.has(name)).sort()
    .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; subject: string; text: string });
  const outboxNow = () => new Set(readdirSync(outbox));

  it('a sync that puts the title on their service in their region mails once, naming the service and the region', async () => {
    await savePreferences({ region: 'GB', services: [99, 8] });
    await wishAndOptIn();
    expect(await recorded()).toEqual([]);
    const before = outboxNow();
    await syncWith({ GB: { flatrate: [99], buy: [2] }, US: { flatrate: [337] } });
    expect(await recorded()).toEqual([{ content_tmdb_id: movie.tmdbId, mailed: true }]);
    expect(await currentDb.selectFrom('account_mail_jobs').select('id').execute()).toEqual([]);
    const mails = mailsSince(before);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['services-alice@example.com', `${TITLE} is ready to watch`]]);
    expect(mails[0]!.text).toContain(`${TITLE}, from your Wishlist, can be watched now on your service in United Kingdom: UK Only.\n\n`);
    expect(mails[0]!.text).toContain('Watch-provider data by JustWatch.');
    expect(mails[0]!.text).toContain('/unsubscribe?token=');

    // The next sync finds it there still, and two checks at once find nothing more: one mail per title.
    const after = outboxNow();
    await syncWith({ GB: { flatrate: [99] }, US: { flatrate: [8] } });
    expect((await Promise.all([queueWishlistAlerts(currentDb), queueWishlistAlerts(currentDb)]))).toEqual([0, 0]);
    expect(mailsSince(after)).toEqual([]);
  });

  it('two checks at once queue a title that arrived once', async () => {
    await savePreferences({ region: 'GB', services: [99] });
    await wishAndOptIn();
    await currentDb.insertInto('title_watch_providers').values({ content_type: 'movie', title_id: movie.id, region: 'GB', kind: 'ads', platform_id: 99 }).execute();
    expect((await Promise.all([queueWishlistAlerts(currentDb), queueWishlistAlerts(currentDb)])).sort()).toEqual([0, 1]);
    expect(await currentDb.selectFrom('account_mail_jobs').select(['kind', 'email', 'content_tmdb_id']).execute())
      .toEqual([{ kind: 'wishlist_alert', email: 'services-alice@example.com', content_tmdb_id: movie.tmdbId }]);
  });

  it('on their service in another region, or only to rent or buy there, is not on their services: no mail until it streams there', async () => {
    await savePreferences({ region: 'GB', services: [99, 2] });
    await wishAndOptIn();
    const before = outboxNow();
    await syncWith({ US: { flatrate: [99] }, DE: { ads: [99] } });
    await syncWith({ GB: { rent: [2, 99], buy: [2, 99] } });
    expect(await recorded()).toEqual([]);
    expect(mailsSince(before)).toEqual([]);
    // Free on one of their services there counts (and shows the checks above ran).
    await syncWith({ GB: { free: [2], rent: [99] } });
    expect(mailsSince(before).map((mail) => mail.text.split('\n')[0])).toEqual([
      `${TITLE}, from your Wishlist, can be watched now on your service in United Kingdom: Provider 2.`,
    ]);
  });

  it('the user\'s own change of region or services mails nothing: what it puts on their services is recorded', async () => {
    movie = await importWith({ GB: { flatrate: [99] }, DE: { flatrate: [8] } });
    await wishAndOptIn();
    await savePreferences({ region: 'GB', services: [8] });
    expect(await recorded()).toEqual([]);
    await savePreferences({ services: [8, 99] });
    expect(await recorded()).toEqual([{ content_tmdb_id: movie.tmdbId, mailed: false }]);

    // A region change alone too: the same title, recorded again for a second user on another service, elsewhere.
    const bob = await insertUser(currentDb, `services-bob-${Date.now()}@example.com`);
    expect((await callEndpoint(lists.POST, bob, 'POST', '/api/me/lists', { body: { list: 'wishlist', type: 'movie', tmdbId: movie.tmdbId } })).status).toBe(200);
    expect((await callEndpoint(alerts.PUT, bob, 'PUT', '/api/me/alerts', { body: { wishlistAlerts: true } })).status).toBe(200);
    expect((await callEndpoint(preferences.PUT, bob, 'PUT', '/api/me/watch-preferences', { body: { services: [8] } })).status).toBe(200);
    expect((await callEndpoint(preferences.PUT, bob, 'PUT', '/api/me/watch-preferences', { body: { region: 'DE' } })).status).toBe(200);
    expect(await currentDb.selectFrom('wishlist_alerts').select('mailed').where('user_id', '=', bob.id).execute()).toEqual([{ mailed: false }]);

    const before = outboxNow();
    await syncWith({ GB: { flatrate: [99] }, DE: { flatrate: [8] } });
    expect(await queueWishlistAlerts(currentDb)).toBe(0);
    expect(mailsSince(before)).toEqual([]);
  });

  it('a title already on their services when it joins the Wishlist, or when alerts are turned on, is never announced', async () => {
    movie = await importWith({ GB: { flatrate: [99] } });
    await savePreferences({ region: 'GB', services: [99] });
    expect((await callEndpoint(lists.POST, alice, 'POST', '/api/me/lists', { body: { list: 'wishlist', type: 'movie', tmdbId: movie.tmdbId } })).status).toBe(200);
    expect(await recorded()).toEqual([{ content_tmdb_id: movie.tmdbId, mailed: false }]);

    await currentDb.deleteFrom('wishlist_alerts').execute();
    expect((await callEndpoint(alerts.PUT, alice, 'PUT', '/api/me/alerts', { body: { wishlistAlerts: true } })).status).toBe(200);
    expect(await recorded()).toEqual([{ content_tmdb_id: movie.tmdbId, mailed: false }]);
    expect(await queueWishlistAlerts(currentDb)).toBe(0);
  });

  it('the bulk import that brings it mails too; a user who picked no region has the site\'s default one', async () => {
    await savePreferences({ services: [8] });
    await wishAndOptIn();
    const before = outboxNow();
    fake.edit(`/movie/${MOVIE}`, { 'watch/providers': answer({ US: { flatrate: [8] }, GB: { flatrate: [99] } }) });
    const job = await currentDb.insertInto('import_jobs').values({ kind: 'movie', start_page: 1, end_page: 1, current_page: 1 })
      .returning('id').executeTakeFirstOrThrow();
    await runImportJob(currentDb, client(), job.id);
    expect(await recorded()).toEqual([{ content_tmdb_id: movie.tmdbId, mailed: true }]);
    expect(mailsSince(before).map((mail) => mail.text.split('\n')[0])).toEqual([
      `${TITLE}, from your Wishlist, can be watched now on your service in United States: Provider 8.`,
    ]);
  });
});
