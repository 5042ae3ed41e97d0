/**
 * Issue 37, parts 2 and 3, through the real screens at phone and desktop size: importing a Letterboxd ZIP (with its
 * upload progress) and a Trakt export, then the report and the lists; the calendar and its private feed, parsed as
 * iCalendar, and renewed; the Wishlist alert mail from the e2e SMTP server, and its unsubscribe link used signed out.
 */
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import ICAL from 'ical.js';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { join } from 'node:path';
import type { Database } from '../../db/schema.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { createTestUser, sessionCookieHeader } from '../support/sessions.ts';
import { NEXT_EPISODE, UPCOMING_MOVIE_ID, UPCOMING_SHOW_ID } from '../support/tmdb-fixtures/index.ts';
import { expect, test } from './support/fixtures.ts';
import { outboxMessage } from './support/outbox.ts';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, offset: 0 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, offset: 1 },
];
const keys = () => ({ secret: process.env.E2E_AUTH_SECRET!, secure: false });
let counter = 0;

/** A fresh user signed in with the cookie a sign-in would set. */
async function signedIn(page: Page, db: Kysely<Database>, baseURL: string) {
  const user = await createTestUser(db, { email: `history-${Date.now()}-${counter++}@example.com` });
  const cookie = await sessionCookieHeader(db, user.id, keys());
  const split = cookie.indexOf('=');
  await page.context().addCookies([{ name: cookie.slice(0, split), value: cookie.slice(split + 1), url: baseURL }]);
  return user;
}

/** A request as the demo admin (same origin, as the admin panel sends it). */
async function asAdmin(db: Kysely<Database>, method: string, path: string, body?: unknown) {
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
  const baseURL = process.env.E2E_BASE_URL!;
  const response = await fetch(`${baseURL}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { Cookie: await sessionCookieHeader(db, admin.id, keys()), Origin: baseURL, 'Content-Type': 'application/json' },
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json() as Promise<unknown>;
}

/** Published movies whose title and year no other published movie shares (matched by name), `count` from `offset`. */
async function uniqueMovies(db: Kysely<Database>, count: number, offset: number) {
  const { rows } = await sql<{ id: number; tmdb_id: number; title: string; year: number }>`
    select m.id, m.tmdb_id, m.title, extract(year from m.release_date::date)::int as year from movies m
    where m.is_published and m.release_date is not null and m.stream_url is null
      and (select count(*) from movies o where o.is_published and lower(o.title) = lower(m.title)) = 1
    order by m.id limit ${count} offset ${offset * count}`.execute(db);
  return rows;
}

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ db }) => {
  // The fake TMDB's upcoming titles: a movie released in a month, a show whose next episode airs in ten days.
  if (!(await db.selectFrom('movies').select('id').where('tmdb_id', '=', UPCOMING_MOVIE_ID).executeTakeFirst())) {
    await asAdmin(db, 'POST', '/api/admin/movies/add', { tmdbId: UPCOMING_MOVIE_ID });
    await asAdmin(db, 'POST', '/api/admin/tv/add', { tmdbId: UPCOMING_SHOW_ID });
  }
});

for (const size of SIZES) {
  test.describe(`history and calendar (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('imports a Letterboxd ZIP and a Trakt export, then shows the report and the lists', async ({ page, db, baseURL }) => {
      const user = await signedIn(page, db, baseURL!);
      const [rated, wished] = await uniqueMovies(db, 2, size.offset);
      const show = await db.selectFrom('tv_shows').select(['tmdb_id', 'name']).where('is_published', '=', true).orderBy('id').offset(size.offset).limit(1).executeTakeFirstOrThrow();
      const zip = zipSync({
        'ratings.csv': strToU8(`Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,"${rated!.title}",${rated!.year},,3.5\n2024-01-03,No Such Film Anywhere,1901,,4\n2024-01-04,"${rated!.title}",${rated!.year},,7\n`),
        'watchlist.csv': strToU8(`Date,Name,Year,Letterboxd URI\n2024-02-01,"${wished!.title}",${wished!.year},\n`),
        'watched.csv': strToU8(`Date,Name,Year,Letterboxd URI\n2024-03-01,"${rated!.title}",${rated!.year},\n`),
        // Letterboxd's likes are not imported; this one makes the upload big enough to watch it progress.
        'likes/films.csv': new Uint8Array(120_000).map((_, index) => 65 + ((index * 7919) % 26)),
      }, { level: 0 });
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Import your history' })).toBeVisible();
      await expect(page.getByText('Letterboxd\'s half stars (0.5 to 5) round half up')).toBeVisible();

      // A slow upload, so its progress bar shows.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 40_000 });
      await page.getByLabel('Export file').setInputFiles({ name: 'letterboxd-export.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(page.getByRole('progressbar', { name: /Uploading… \d+ %/ })).toBeVisible();
      await expect(page.getByLabel('Import report').getByRole('status'))
        .toHaveText('Import finished: 3 added, 0 updated, 0 already here, 1 not matched, 1 skipped.', { timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      const report = page.getByLabel('Import report');
      await expect(report.getByText('Not matched (1)')).toBeVisible();
      await expect(report.getByText(': No published movie named "No Such Film Anywhere" (1901) here.')).toBeVisible();
      await expect(report.getByText(': Rating "7" is not 0.5 to 5 stars in half stars.')).toBeVisible();
      await report.getByText('Imported (3)').click();
      await expect(report.getByRole('link', { name: `${wished!.title} (${wished!.year})` })).toHaveAttribute('href', `/movie/${slugify(wished!.title)}/${wished!.tmdb_id}`);
      expect(await db.selectFrom('user_ratings').select(['content_tmdb_id', 'rating']).where('user_id', '=', user.id).execute())
        .toEqual([{ content_tmdb_id: rated!.tmdb_id, rating: 4 }]);

      const trakt = { watchlist: [{ rank: 1, listed_at: '2024-04-01T10:00:00.000Z', type: 'show', show: { title: show.name, year: null, ids: { tmdb: show.tmdb_id } } }],
        ratings: [{ rated_at: '2024-04-02T10:00:00.000Z', rating: 9, type: 'show', show: { title: show.name, year: null, ids: { tmdb: show.tmdb_id } } }] };
      await page.getByLabel('Export file').setInputFiles({ name: 'trakt-watchlist.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(trakt)) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(page.getByLabel('Import report').getByRole('status')).toHaveText('Import finished: 2 added, 0 updated, 0 already here, 0 not matched, 0 skipped.');

      await page.goto('/wishlist');
      const wishlist = page.getByRole('list', { name: 'Wishlist' });
      await expect(wishlist.getByRole('link', { name: new RegExp(`^${show.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} poster`) })).toBeVisible();
      await expect(wishlist.getByRole('link', { name: new RegExp(`^${wished!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} poster`) })).toBeVisible();
    });

    test('subscribes to the calendar feed, parses it, and renews it', async ({ page, db, baseURL, browser }) => {
      const user = await signedIn(page, db, baseURL!);
      await db.insertInto('user_list_items').values([
        { user_id: user.id, list: 'wishlist', content_type: 'movie', content_tmdb_id: UPCOMING_MOVIE_ID },
        { user_id: user.id, list: 'my_list', content_type: 'tv', content_tmdb_id: UPCOMING_SHOW_ID },
      ]).execute();
      await page.goto('/calendar');
      await expect(page.getByRole('heading', { name: 'Release Calendar' })).toBeVisible();
      const upcoming = page.getByRole('list', { name: 'Coming up' });
      await expect(upcoming.getByRole('link', { name: 'Coming Soon' })).toBeVisible();
      await expect(upcoming.getByText(`S0${NEXT_EPISODE.season}E0${NEXT_EPISODE.episode} · The Return`)).toBeVisible();

      await page.getByRole('button', { name: 'Get my feed link' }).click();
      const link = page.getByLabel('Your private feed link (shown only now)');
      await expect(link).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
      const url = await link.inputValue();
      const feed = await page.request.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
      expect(events.map((event) => [event.summary, event.startDate.isDate])).toEqual([
        [`Show ${UPCOMING_SHOW_ID} S03E01: The Return`, true], ['Coming Soon (release)', true],
      ]);

      await page.getByRole('button', { name: 'Renew link' }).click();
      await expect(link).not.toHaveValue(url);
      const old = await page.request.get(url);
      expect([old.status(), await old.text()]).toEqual([404, '{"error":"Not found."}']);
      expect((await page.request.get(await link.inputValue())).status()).toBe(200);

      // A visitor gets the personal pages' sign-in notice.
      const visitor = await browser.newContext({ viewport: size.viewport });
      const signedOut = await visitor.newPage();
      await signedOut.goto(`${baseURL}/calendar`);
      await expect(signedOut.getByText('Please log in to see your calendar.')).toBeVisible();
      await expect(signedOut.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', /\/login\?/);
      await visitor.close();
    });

    test('mails a Wishlist title that becomes watchable, over SMTP, and unsubscribes from the mail signed out', async ({ page, db, baseURL, browser }) => {
      const user = await signedIn(page, db, baseURL!);
      const [movie] = await uniqueMovies(db, 1, 10 + size.offset);
      await db.insertInto('user_list_items').values({ user_id: user.id, list: 'wishlist', content_type: 'movie', content_tmdb_id: movie!.tmdb_id }).execute();
      await page.goto('/profile');
      const optIn = page.getByLabel('E-mail me when a Wishlist title becomes watchable here');
      await expect(optIn).toBeEnabled();
      // Ticked once the server has saved it.
      await optIn.click();
      await expect(optIn).toBeChecked();
      await expect(page.locator('[data-toaster]').getByText('Wishlist alerts are on: we e-mail you once when a Wishlist title becomes watchable here.')).toBeVisible();

      await asAdmin(db, 'PATCH', '/api/admin/movies/links', { id: movie!.id, streamUrl: 'https://example.com/embed/e2e-alert' });
      const mail = await outboxMessage(join(process.env.E2E_WORK_DIR!, 'outbox'), user.email, `${movie!.title} is ready to watch`);
      expect(mail.text).toContain(`${baseURL}/movie/${slugify(movie!.title)}/${movie!.tmdb_id}`);
      const unsubscribe = mail.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
      expect(unsubscribe).toBeDefined();
      expect(mail.headers['list-unsubscribe']).toContain(unsubscribe);

      const visitor = await browser.newContext({ viewport: size.viewport });
      const signedOut = await visitor.newPage();
      await signedOut.goto(unsubscribe!);
      await expect(signedOut.getByText('No sign-in needed: this link is enough.', { exact: false })).toBeVisible();
      await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(signedOut.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
      await expect(signedOut.getByText('You will get no more Wishlist alerts. You did not need to sign in for this.')).toBeVisible();
      await visitor.close();
      expect(await db.selectFrom('wishlist_alert_subscriptions').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    });
  });
}
