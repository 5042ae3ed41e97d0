/**
 * Smoke run on Netlify's local runtime (`netlify serve --offline` behind the CDN stand-in, see support/global-setup.ts):
 * the static pages, the SSR function (search, accounts, lists, admin, on-demand title pages and their takedown) over
 * the Neon driver, and the scheduled function. One story, in order: later steps use the account and titles the earlier
 * ones made. What the CDN keeps and purges: cdn.spec.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { DEMO_ADMIN } from '../../src/lib/demo/accounts.ts';
import { takedownNotice } from '../../src/lib/publishing/catalogue-changes.ts';
import { syncStarted } from '../../src/lib/tmdb/daily.ts';
import { latestSync } from '../../src/lib/tmdb/sync.ts';
import { signIn, signOut } from '../e2e/support/auth.ts';
import { outboxLink } from '../e2e/support/outbox.ts';
import { expect, test } from './support/fixtures.ts';
import { AD_SCRIPT_URL } from './support/global-setup.ts';
import { expectOnlyAcceptedPurges } from './support/stand-ins.ts';

test.describe.configure({ mode: 'serial' });

const workDir = () => process.env.NETLIFY_SMOKE_WORK_DIR!;
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toaster]').getByText(text).first();
const email = `smoke-${Date.now()}@example.com`;
const PASSWORD = 'smoke-pass1';

test('home, a movie page and a TV page are served', async ({ page, db }) => {
  expect((await page.goto('/'))!.status()).toBe(200);
  await expect(page.getByRole('banner')).toBeVisible();

  const movie = await db.selectFrom('movies').select(['title', 'tmdb_id']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  expect((await page.goto(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`))!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: movie.title })).toBeVisible();

  const show = await db.selectFrom('tv_shows').select(['name', 'tmdb_id']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  expect((await page.goto(`/tv/${slugify(show.name)}/${show.tmdb_id}`))!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: show.name })).toBeVisible();
});

test('prerendered pages carry the security headers from _headers; ads run only in the sandboxed /ad-frame', async ({ request }) => {
  // The build writes the _headers file Netlify's CDN applies (src/lib/security/headers.ts) into the publish directory;
  // the CLI's deploy step then moves it into .netlify/deploy.
  const headersPath = [join('dist', '_headers'), join('.netlify', 'deploy', '_headers')].find((path) => existsSync(path));
  expect(headersPath, 'the build wrote no _headers file').toBeDefined();
  const headersFile = readFileSync(headersPath!, 'utf8');
  expect(headersFile).toMatch(/^\/\*\n/);
  expect(headersFile).toContain("  Content-Security-Policy: frame-ancestors 'none'; object-src 'none'; base-uri 'self'\n");
  const home = await request.get('/');
  expect(home.headers()['x-content-type-options']).toBe('nosniff');
  expect(home.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const html = await home.text();
  expect(html).toContain('<iframe src="/ad-frame" title="Advertisement" loading="lazy" sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"');
  expect(html).not.toContain(AD_SCRIPT_URL);
});

test('search finds a title through the SSR function', async ({ page, db }) => {
  const movie = await db.selectFrom('movies').select(['title', 'tmdb_id']).where('is_published', '=', true).orderBy('id', 'desc').executeTakeFirstOrThrow();
  await page.goto(`/search?query=${encodeURIComponent(movie.title)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${movie.title}"`);
  await expect(page.getByRole('list', { name: 'Movies and TV shows' }).getByRole('link').filter({ hasText: movie.title }).first())
    .toHaveAttribute('href', `/movie/${slugify(movie.title)}/${movie.tmdb_id}`);
});

test('sign up, confirm through the outbox, sign in and add to My List', async ({ page, db }) => {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'Confirmation email sent! Please check your inbox.')).toBeVisible();

  await page.goto(await outboxLink(join(workDir(), 'outbox'), email, 'Confirm your email'));
  await page.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(toast(page, 'Your email is confirmed. You can now sign in.')).toBeVisible();
  await signIn(page, email, PASSWORD);

  const movie = await db.selectFrom('movies').select(['title', 'tmdb_id']).where('is_published', '=', true).orderBy('id').offset(1).executeTakeFirstOrThrow();
  await page.goto(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`);
  await page.getByRole('button', { name: '+ My List' }).click();
  await expect(toast(page, 'Added to My List')).toBeVisible();
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  expect(await db.selectFrom('user_list_items').select(['list', 'content_type', 'content_tmdb_id']).where('user_id', '=', user.id).execute())
    .toEqual([{ list: 'my_list', content_type: 'movie', content_tmdb_id: movie.tmdb_id }]);
  await signOut(page);
});

test('an admin adds titles from the fake TMDB; their pages are live at once, rendered on demand', async ({ page, db }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin');
  const add = page.getByRole('form', { name: 'Add New' });
  await add.getByLabel('TMDB ID').fill('550');
  await add.getByRole('button', { name: 'Add Content' }).click();
  await expect(toast(page, 'Content added successfully!')).toBeVisible({ timeout: 30_000 });
  expect(await db.selectFrom('movies').select('title').where('tmdb_id', '=', 550).executeTakeFirst()).toEqual({ title: 'Movie 550' });

  // No detail page is prerendered on Netlify: rendered by the function, kept by the CDN (not browsers) until a purge.
  const added = await page.request.get('/movie/movie-550/550');
  expect(added.status()).toBe(200);
  expect(added.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  await page.goto('/movie/movie-550/550');
  await expect(page.getByRole('heading', { level: 1, name: 'Movie 550' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Genres' })).toContainText('Action');

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'TV Shows' }).click();
  await add.getByLabel('TMDB ID').fill('1399');
  await add.getByRole('button', { name: 'Add Content' }).click();
  await expect(toast(page, 'Content added successfully!')).toBeVisible({ timeout: 30_000 });
  await page.goto('/tv/show-1399/1399');
  await expect(page.getByRole('heading', { level: 1, name: 'Show 1399' })).toBeVisible();
});

test('an admin unpublishes a title: its page answers 404 at once, and the panel says its pages are offline', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin');
  await page.getByPlaceholder('Search movies...').fill('550');
  const row = page.getByTestId('admin-row').filter({ hasText: 'Movie 550' });
  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Published' }).click();
  await expect(toast(page, '1 item(s) unpublished!')).toBeVisible();
  await expect(toast(page, takedownNotice(1))).toBeVisible();
  // netlify serve retries a function's 404 with the page's file names ('550.html', '550/index.htm', ...) and shows
  // the last answer: each must be the spec's text.
  expect((await page.goto('/movie/movie-550/550'))!.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Movie not found.');
});

test('the daily job runs once: it starts the TMDB sync in the sync background function', async ({ db }) => {
  const env = JSON.parse(process.env.NETLIFY_SMOKE_ENV!) as NodeJS.ProcessEnv;
  await promisify(execFile)(resolve('node_modules/.bin/netlify'),
    ['functions:invoke', 'scheduled-rebuild', '--port', process.env.NETLIFY_SMOKE_PORT!, '--offline'], { env });
  const sync = await latestSync(db);
  expect(sync?.trigger).toBe('schedule');
  await expect.poll(() => readFileSync(join(workDir(), 'netlify-serve.log'), 'utf8')).toContain(`[scheduled-rebuild] ${syncStarted(sync!)}`);
});

test('Netlify\'s API was asked only to purge, and accepted every purge', async () => {
  await expectOnlyAcceptedPurges();
});
