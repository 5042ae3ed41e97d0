/**
 * Netlify's CDN, through the stand-in in front of `netlify serve` (support/stand-ins.ts): catalogue pages are kept
 * and served without the function, whatever the query string, and every writer's change purges the pages that show
 * it: an admin's edit, takedown and restore (within 2 s of the answer), the CLI import, the TMDB sync, and plain SQL
 * (at the next run of the publish-changes function). One story, in order: the sync changes what the import added.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { DEMO_ADMIN } from '../../src/lib/demo/accounts.ts';
import { AGAIN_AFTER_MS } from '../../src/lib/publishing/cdn-purge.ts';
import { signIn } from '../e2e/support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { editTmdb, expectOnlyAcceptedPurges, standInState } from './support/stand-ins.ts';

// Each story renders a dozen pages on demand, seconds each on this runtime.
test.describe.configure({ mode: 'serial', timeout: 480_000 });

/** The goal: any change is on every page that shows it within this long. */
const CURRENT_WITHIN_MS = 2_000;
const toast = (page: Page, text: string) => page.locator('[data-toaster]').getByText(text).first();
const cacheStatus = (response: APIResponse) => response.headers()['cache-status'];
const HIT = '"Netlify Edge"; hit';
const movieHref = (title: string, tmdbId: number) => `/movie/${slugify(title)}/${tmdbId}`;
/** How often `path` reached the origin so far. */
const originHits = async (path: string) => (await standInState()).originRequests.filter((request) => request.url === path).length;

/** Asks for `path` until it is a hit, so that it is in the CDN; returns the hit. */
async function cached(request: APIRequestContext, path: string): Promise<APIResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await request.get(path, { maxRedirects: 0 });
    if (cacheStatus(response) === HIT || attempt === 2) return response;
  }
}

/**
 * Asks for `path` through the CDN until `current` holds; resolves to how long after `since` the first current answer
 * was asked for (a miss renders for seconds on this runtime: what counts is when the CDN stopped serving the old page).
 */
async function currentAfter(request: APIRequestContext, path: string, since: number, current: (response: APIResponse) => Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const asked = Date.now();
    const response = await request.get(path, { maxRedirects: 0 });
    if (await current(response)) return asked - since;
    if (Date.now() > deadline) throw new Error(`${path} was still not current ${Date.now() - since} ms after the change`);
    await delay(50);
  }
}

const showsLink = (href: string) => async (response: APIResponse) => response.status() === 200 && (await response.text()).includes(`href="${href}"`);
const lacksLink = (href: string) => async (response: APIResponse) => response.status() === 200 && !(await response.text()).includes(`href="${href}"`);
const redirectsTo = (href: string) => async (response: APIResponse) => response.status() === 301 && response.headers().location === href;

test('catalogue pages are kept by the CDN: a second request, or one with any query string, never reaches the function', async ({ request, db }) => {
  const movie = await db.selectFrom('movies').select(['title', 'tmdb_id']).where('is_published', '=', true).orderBy('id').offset(3).executeTakeFirstOrThrow();
  const path = movieHref(movie.title, movie.tmdb_id);
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  expect(cacheStatus(first)).toMatch(/"Netlify Edge"; fwd=(miss|stale)$/);
  expect(Object.keys(first.headers()).filter((name) => name.startsWith('netlify-'))).toEqual([]);
  const asked = await originHits(path);

  const again = await request.get(path);
  expect(cacheStatus(again)).toBe(HIT);
  const withQuery = await request.get(`${path}?utm_source=newsletter&r=${Math.random()}`);
  expect(cacheStatus(withQuery)).toBe(HIT);
  expect(await withQuery.text()).toBe(await first.text());
  expect(await originHits(path)).toBe(asked);

  // A wrong slug redirects; the cached redirect is every query string's, so it carries none.
  const wrong = `/movie/not-its-slug/${movie.tmdb_id}`;
  const redirect = await request.get(`${wrong}?ref=first-visitor`, { maxRedirects: 0 });
  expect([redirect.status(), redirect.headers().location]).toEqual([301, path]);
  const other = await request.get(`${wrong}?ref=second-visitor`, { maxRedirects: 0 });
  expect([other.status(), other.headers().location, cacheStatus(other)]).toEqual([301, path, HIT]);
});

const EDITED = 4;
const editedBefore = movieHref(`Movie ${EDITED}`, EDITED);
const editedAfter = movieHref(`Movie ${EDITED} Returns`, EDITED);
const category = '/category/movie/28/action';

/** The admin adds (or refreshes) the movie from TMDB; resolves to when the answer came. */
async function addFromTmdb(page: Page, tmdbId: number): Promise<number> {
  await page.goto('/admin');
  const add = page.getByRole('form', { name: 'Add New' });
  await add.getByLabel('TMDB ID').fill(String(tmdbId));
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/movies/add'));
  await add.getByRole('button', { name: 'Add Content' }).click();
  await answered;
  const at = Date.now();
  await expect(toast(page, 'Content added successfully!')).toBeVisible();
  return at;
}

test('an admin\'s edit is on every cached page that shows the title within 2 s of the answer', async ({ page, request }) => {
  // Released yesterday: first in its category's Newest, and the newest added on the home page.
  await editTmdb({ path: `/movie/${EDITED}`, fields: { release_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) } });
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await addFromTmdb(page, EDITED);
  expect(cacheStatus(await cached(request, editedBefore))).toBe(HIT);
  for (const path of [category, '/']) {
    const listing = await cached(request, path);
    expect([cacheStatus(listing), await showsLink(editedBefore)(listing)], path).toEqual([HIT, true]);
  }

  // Renamed on TMDB and refreshed by the admin: the old address redirects, the listings show the new name.
  await editTmdb({ path: `/movie/${EDITED}`, fields: { title: `Movie ${EDITED} Returns` } });
  const answeredAt = await addFromTmdb(page, EDITED);
  const current = await Promise.all([
    currentAfter(request, editedBefore, answeredAt, redirectsTo(editedAfter)),
    currentAfter(request, category, answeredAt, showsLink(editedAfter)),
    currentAfter(request, '/', answeredAt, showsLink(editedAfter)),
  ]);
  console.log(`edit: title, category and home pages current ${current.join(', ')} ms after the admin's answer`);
  for (const ms of current) expect(ms).toBeLessThanOrEqual(CURRENT_WITHIN_MS);
  await expectOnlyAcceptedPurges();
});

test('an admin\'s takedown is on every cached page that showed the title within 2 s, and its page answers "Movie not found."', async ({ page, request }) => {
  // Past the edit's second purge, so that the pages cached now stay until the takedown purges them.
  await delay(AGAIN_AFTER_MS);
  for (const path of [editedAfter, category, '/']) expect(cacheStatus(await cached(request, path)), path).toBe(HIT);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin');
  await page.getByPlaceholder('Search movies...').fill(`Movie ${EDITED} Returns`);
  const row = page.getByTestId('admin-row').filter({ hasText: `Movie ${EDITED} Returns` });
  page.once('dialog', (dialog) => dialog.accept());
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/movies') && response.request().method() === 'PATCH');
  await row.getByRole('button', { name: 'Published' }).click();
  await answered;
  const answeredAt = Date.now();
  const current = await Promise.all([
    currentAfter(request, editedAfter, answeredAt, async (response) => response.status() === 404),
    currentAfter(request, category, answeredAt, lacksLink(editedAfter)),
    currentAfter(request, '/', answeredAt, lacksLink(editedAfter)),
  ]);
  console.log(`takedown: title, category and home pages current ${current.join(', ')} ms after the admin's answer`);
  for (const ms of current) expect(ms).toBeLessThanOrEqual(CURRENT_WITHIN_MS);
  expect((await page.goto(editedAfter))!.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Movie not found.');
  await expectOnlyAcceptedPurges();
});

test('the CLI import, given SITE_ID and NETLIFY_PURGE_API_TOKEN, purges the pages that show what it added', async ({ request }) => {
  const path = movieHref('Movie 3', 3);
  const missing = await cached(request, path);
  expect([missing.status(), cacheStatus(missing)]).toEqual([404, HIT]);
  expect(await showsLink(path)(await cached(request, '/'))).toBe(false);

  const { stdout } = await promisify(execFile)('npm', ['run', 'import', '--', 'movie', '3'], { env: JSON.parse(process.env.NETLIFY_SMOKE_ENV!) });
  expect(stdout).toContain('Netlify\'s CDN purged of the pages that show what changed.');
  // The import ended with its purges: the pages are current at once.
  const added = await request.get(path);
  expect(added.status()).toBe(200);
  expect(await showsLink(path)(await request.get('/'))).toBe(true);
  await expectOnlyAcceptedPurges();
});

test('the TMDB sync purges the pages that show what it changed', async ({ page, request, db }) => {
  const before = movieHref('Movie 3', 3);
  expect(cacheStatus(await cached(request, before))).toBe(HIT);
  expect(cacheStatus(await cached(request, '/'))).toBe(HIT);
  await editTmdb({ path: '/movie/3', fields: { title: 'Movie 3 Synced' } });
  await editTmdb({ list: 'movie', ids: [3] });
  // The daily job (smoke.spec.ts) may have started one: a sync at a time.
  await expect.poll(async () => (await db.selectFrom('tmdb_syncs').select('id').where('status', 'in', ['queued', 'running']).execute()).length,
    { timeout: 180_000 }).toBe(0);

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => db.selectFrom('movies').select('title').where('tmdb_id', '=', 3).executeTakeFirst(), { timeout: 180_000 })
    .toEqual({ title: 'Movie 3 Synced' });
  const after = movieHref('Movie 3 Synced', 3);
  // Each page of the sync is purged before the next: these follow within the sync's last page.
  await expect.poll(async () => redirectsTo(after)(await request.get(before, { maxRedirects: 0 })), { timeout: 60_000 }).toBe(true);
  await expect.poll(async () => showsLink(after)(await request.get('/')), { timeout: 60_000 }).toBe(true);
  await expectOnlyAcceptedPurges();
});

test('a plain SQL change is purged by the next run of the publish-changes function', async ({ request, db }) => {
  const movie = await db.selectFrom('movies').select(['id', 'title', 'tmdb_id']).where('is_published', '=', true).orderBy('id').offset(4).executeTakeFirstOrThrow();
  const path = movieHref(movie.title, movie.tmdb_id);
  expect(cacheStatus(await cached(request, path))).toBe(HIT);
  const overview = `Changed by plain SQL at ${Date.now()}`;
  await db.updateTable('movies').set({ overview }).where('id', '=', movie.id).execute();
  // Nothing purged it yet: the CDN still serves the page as it was.
  const stale = await request.get(path);
  expect([cacheStatus(stale), (await stale.text()).includes(overview)]).toEqual([HIT, false]);

  const run = await request.get(`${process.env.NETLIFY_SMOKE_ORIGIN_URL}/.netlify/functions/publish-changes`);
  expect([run.status(), await run.text()]).toEqual([200, 'Purged what changed.']);
  expect(await (await request.get(path)).text()).toContain(overview);
  await expectOnlyAcceptedPurges();
});

test('an admin\'s restore is on the cached pages that show what it changed within 2 s of the answer', async ({ page, request, db }) => {
  const movie = await db.selectFrom('movies').select(['id', 'title', 'tmdb_id']).where('is_published', '=', true).orderBy('id').offset(5).executeTakeFirstOrThrow();
  const path = movieHref(movie.title, movie.tmdb_id);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Backup & Restore' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Backup' }).click();
  const backupFile = join(process.env.NETLIFY_SMOKE_WORK_DIR!, 'backup.json');
  await (await download).saveAs(backupFile);
  // The backup, with one movie's overview as an older backup would have it.
  const overview = `Restored from a backup at ${Date.now()}`;
  const backup = JSON.parse(readFileSync(backupFile, 'utf8')) as { tables: { movies: { id: number; overview: string | null }[] } };
  backup.tables.movies.find((row) => row.id === movie.id)!.overview = overview;
  writeFileSync(backupFile, JSON.stringify(backup));
  expect(cacheStatus(await cached(request, path))).toBe(HIT);

  await page.getByLabel('Backup file').setInputFiles(backupFile);
  page.once('dialog', (dialog) => dialog.accept('RESTORE'));
  const answered = page.waitForResponse((response) => response.url().includes('/api/admin/restore'));
  await page.getByRole('button', { name: 'Restore' }).click();
  await answered;
  const answeredAt = Date.now();
  const current = await currentAfter(request, path, answeredAt, async (response) => (await response.text()).includes(overview));
  console.log(`restore: title page current ${current} ms after the admin's answer`);
  expect(current).toBeLessThanOrEqual(CURRENT_WITHIN_MS);
  await expect(toast(page, 'Database restore completed successfully!')).toBeVisible();
  await expectOnlyAcceptedPurges();
});
