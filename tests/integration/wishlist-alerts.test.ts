/**
 * Wishlist alerts: opted-in users get one mail per Wishlist title that becomes watchable here (published with a
 * movie stream link, or an episode stream link), never for a title already watchable when it joined the Wishlist or
 * when alerts were turned on; the check is idempotent and the admin's write path runs it; the unsubscribe link works
 * without a session and a forged one changes nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../src/lib/accounts/contract.ts';
import { sendQueuedAccountMail } from '../../src/lib/accounts/mail-queue.ts';
import { sendQueuedAlerts } from '../../src/lib/alerts/send.ts';
import type { MailMessage } from '../../src/lib/accounts/mail.ts';
import { unsubscribeToken } from '../../src/lib/alerts/unsubscribe-token.ts';
import { queueWishlistAlerts } from '../../src/lib/alerts/watchable.ts';
import { runHousekeeping } from '../../src/lib/housekeeping/index.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { callEndpoint, insertUser } from '../support/personal-fixtures.ts';
import { TEST_SESSION_KEYS } from '../support/sessions.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));

// The admin's write path builds the server's own mail settings: a known secret, and an outbox in a folder of this test.
const outbox = mkdtempSync(join(tmpdir(), 'alerts-outbox-'));
vi.stubEnv('AUTH_SECRET', TEST_SESSION_KEYS.secret);
vi.stubEnv('OUTBOX_DIR', outbox);
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

const alerts = await import('../../src/pages/api/me/alerts.ts');
const lists = await import('../../src/pages/api/me/lists.ts');
const unsubscribe = await import('../../src/pages/api/alerts/unsubscribe.ts');
const movieLinks = await import('../../src/pages/api/admin/movies/links.ts');

const SITE = 'https://cinecat.example';

describeEachEngine('Wishlist alerts', (getDb) => {
  let alice: SessionUser;
  let bob: SessionUser;
  let admin: SessionUser;
  const sent: MailMessage[] = [];
  const deps = () => ({ db: currentDb, mailer: async (message: MailMessage) => { sent.push(message); }, siteOrigin: SITE, keys: TEST_SESSION_KEYS });
  const drain = () => sendQueuedAlerts(deps());

  beforeAll(async () => {
    currentDb = getDb();
    alice = await insertUser(currentDb, 'alerts-alice@example.com');
    bob = await insertUser(currentDb, 'alerts-bob@example.com');
    admin = { ...(await insertUser(currentDb, 'alerts-admin@example.com')), role: 'admin' };
  });
  beforeEach(async () => {
    currentDb = getDb();
    sent.length = 0;
    for (const table of ['wishlist_alerts', 'wishlist_alert_subscriptions', 'user_list_items', 'account_mail_jobs'] as const) await currentDb.deleteFrom(table).execute();
  });

  const wish = async (user: SessionUser, type: 'movie' | 'tv', tmdbId: number) =>
    expect((await callEndpoint(lists.POST, user, 'POST', '/api/me/lists', { body: { list: 'wishlist', type, tmdbId } })).status).toBe(200);
  const optIn = async (user: SessionUser, wishlistAlerts = true) =>
    (await callEndpoint(alerts.PUT, user, 'PUT', '/api/me/alerts', { body: { wishlistAlerts } })).json();
  const recorded = () => currentDb.selectFrom('wishlist_alerts').select(['user_id', 'content_type', 'content_tmdb_id', 'mailed'])
    .orderBy('content_tmdb_id').execute();

  it('mails once when a movie gets a stream link or a show an episode link; never what was watchable already', async () => {
    const ready = await insertMovie(currentDb, { title: 'Ready Already', stream_url: 'https://example.com/embed/1' });
    const later = await insertMovie(currentDb, { title: 'Streams Later' });
    const show = await insertShow(currentDb, { name: 'Episodes Later' });
    await currentDb.insertInto('tv_show_episodes').values({ tv_show_id: show.id, season_number: 1, episode_number: 1, tmdb_id: null, name: 'Pilot',
      overview: null, still_path: null, air_date: null, runtime: null, stream_url: null, download_url: null }).execute();
    await wish(alice, 'movie', ready.tmdb_id);
    await wish(alice, 'movie', later.tmdb_id);
    await wish(bob, 'movie', later.tmdb_id);
    expect(await optIn(alice)).toEqual({ wishlistAlerts: true, message: 'Wishlist alerts are on: we e-mail you once when a Wishlist title becomes watchable here.' });
    await wish(alice, 'tv', show.tmdb_id);
    const readyToo = await insertMovie(currentDb, { title: 'Joins Ready', stream_url: 'https://example.com/embed/0' });
    await wish(alice, 'movie', readyToo.tmdb_id);
    expect(await recorded()).toEqual([
      { user_id: alice.id, content_type: 'movie', content_tmdb_id: ready.tmdb_id, mailed: false },
      { user_id: alice.id, content_type: 'movie', content_tmdb_id: readyToo.tmdb_id, mailed: false },
    ]);
    expect(await queueWishlistAlerts(currentDb)).toBe(0);

    await currentDb.updateTable('movies').set({ stream_url: 'https://example.com/embed/2' }).where('id', '=', later.id).execute();
    await currentDb.updateTable('tv_show_episodes').set({ stream_url: 'https://example.com/embed/3' }).where('tv_show_id', '=', show.id).execute();
    expect(await queueWishlistAlerts(currentDb)).toBe(2);
    expect(await queueWishlistAlerts(currentDb)).toBe(0);
    // Account mail's drain (a sign-up's) leaves alerts to their own.
    expect(await sendQueuedAccountMail(deps())).toBe(0);
    expect(await drain()).toBe(2);
    expect(sent.map((mail) => [mail.to, mail.subject, mail.link])).toEqual([
      ['alerts-alice@example.com', 'Streams Later is ready to watch', `${SITE}/movie/streams-later/${later.tmdb_id}`],
      ['alerts-alice@example.com', 'Episodes Later is ready to watch', `${SITE}/tv/episodes-later/${show.tmdb_id}`],
    ]);
    expect(sent[0]!.text).toContain(`${SITE}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(TEST_SESSION_KEYS.secret, alice.id))}`);
    expect(sent[0]!.headers).toEqual({ 'List-Unsubscribe': `<${SITE}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(TEST_SESSION_KEYS.secret, alice.id))}>` });

    // Out of the Wishlist and back, drafted and published again: still at most one mail per title.
    await callEndpoint(lists.DELETE, alice, 'DELETE', '/api/me/lists', { body: { list: 'wishlist', type: 'movie', tmdbId: later.tmdb_id } });
    await wish(alice, 'movie', later.tmdb_id);
    await currentDb.updateTable('movies').set({ is_published: false }).where('id', '=', later.id).execute();
    await currentDb.updateTable('movies').set({ is_published: true }).where('id', '=', later.id).execute();
    expect(await queueWishlistAlerts(currentDb)).toBe(0);
  });

  it('a draft is not watchable; publishing it with its link is the change that mails', async () => {
    const movie = await insertMovie(currentDb, { title: 'Back Soon' });
    await wish(alice, 'movie', movie.tmdb_id);
    await optIn(alice);
    await currentDb.updateTable('movies').set({ is_published: false, stream_url: 'https://example.com/embed/4' }).where('id', '=', movie.id).execute();
    expect(await queueWishlistAlerts(currentDb)).toBe(0);
    await currentDb.updateTable('movies').set({ is_published: true }).where('id', '=', movie.id).execute();
    expect(await queueWishlistAlerts(currentDb)).toBe(1);
  });

  it('the admin\'s edit queues the alert and sends it after its answer; a user who opted out gets none', async () => {
    const movie = await insertMovie(currentDb, { title: 'Admin Adds A Link' });
    await wish(alice, 'movie', movie.tmdb_id);
    await wish(bob, 'movie', movie.tmdb_id);
    await optIn(alice);
    await optIn(bob);
    expect(await optIn(bob, false)).toEqual({ wishlistAlerts: false, message: 'Wishlist alerts are off.' });
    const before = new Set(readdirSync(outbox));
    const response = await callEndpoint(movieLinks.PATCH, admin, 'PATCH', '/api/admin/movies/links', { body: { id: movie.id, streamUrl: 'https://example.com/embed/5' } });
    expect(response.status).toBe(200);
    expect(await recorded()).toEqual([{ user_id: alice.id, content_type: 'movie', content_tmdb_id: movie.tmdb_id, mailed: true }]);
    // Sent once its job is gone (the queue deletes a job after its mail was written).
    await expect.poll(() => currentDb.selectFrom('account_mail_jobs').select('id').execute(), { timeout: 15_000 }).toEqual([]);
    const files = readdirSync(outbox).filter((name) => !before.has(name));
    expect(files.map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')))).toEqual([
      expect.objectContaining({ to: 'alerts-alice@example.com', subject: 'Admin Adds A Link is ready to watch' }),
    ]);
  });

  it('the housekeeping job sends what a write that ran no check made due', async () => {
    const movie = await insertMovie(currentDb, { title: 'Changed Quietly' });
    await wish(alice, 'movie', movie.tmdb_id);
    await optIn(alice);
    await currentDb.updateTable('movies').set({ stream_url: 'https://example.com/embed/6' }).where('id', '=', movie.id).execute();
    expect(await runHousekeeping(currentDb)).toMatchObject({ wishlistAlerts: 1 });
    expect(await currentDb.selectFrom('account_mail_jobs').select('id').execute()).toEqual([]);
    expect(await runHousekeeping(currentDb)).toMatchObject({ wishlistAlerts: 0 });
  });

  it('the unsubscribe link needs no session; a forged or missing token gets 400 and changes nothing', async () => {
    await optIn(alice);
    await optIn(bob);
    const post = (body: string, type = 'application/x-www-form-urlencoded') =>
      unsubscribe.POST({ request: new Request('http://localhost/api/alerts/unsubscribe', { method: 'POST', headers: { 'Content-Type': type }, body }),
        url: new URL('http://localhost/api/alerts/unsubscribe'), locals: {}, params: {}, clientAddress: '127.0.0.1', site: new URL('http://localhost:4321') } as never) as Promise<Response>;
    const subscribed = async () => (await currentDb.selectFrom('wishlist_alert_subscriptions').select('user_id').orderBy('user_id').execute()).map((row) => row.user_id).sort();
    const everyone = [alice.id, bob.id].sort();
    const forged = `${Buffer.from(alice.id).toString('base64url')}.${unsubscribeToken('another-secret', alice.id).split('.')[1]}`;
    for (const [body, type, status] of [[`token=${forged}`, undefined, 400], ['token=', undefined, 400], ['', undefined, 400],
      [`token=${unsubscribeToken(TEST_SESSION_KEYS.secret, alice.id)}`, 'application/json', 415]] as const) {
      const response = await post(body, type);
      expect(response.status).toBe(status);
      expect(await subscribed()).toEqual(everyone);
    }
    expect(await (await post('token=x')).json()).toEqual({ error: 'This unsubscribe link is not valid. Turn Wishlist alerts off on your profile instead.' });
    const done = await post(`token=${unsubscribeToken(TEST_SESSION_KEYS.secret, alice.id)}`);
    expect([done.status, done.headers.get('location')]).toEqual([303, '/unsubscribe?done=1']);
    expect(await subscribed()).toEqual([bob.id]);
    expect(await (await callEndpoint(alerts.GET, alice, 'GET', '/api/me/alerts')).json()).toMatchObject({ wishlistAlerts: false });
  });
});
