/**
 * Browser-side defences on the production build served by scripts/serve.ts: the Content-Security-Policy and
 * security headers on every kind of answer, pages that run under that policy without a violation, and
 * hostile catalogue text (markup and a NUL byte from TMDB) that reaches a public page as text only.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import type { Page } from '@playwright/test';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { HOSTILE_MARKUP, HOSTILE_MOVIE_ID, HOSTILE_TITLE } from '../support/tmdb-fixtures/index.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': expect.stringContaining('camera=()'),
};

/** Every CSP violation the page reports (the event fires for each blocked load or inline script). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(`${page.url()}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test('prerendered pages, personal pages and API answers carry the CSP and the security headers', async ({ request, db }) => {
  const movie = await db.selectFrom('movies').select(['title', 'tmdb_id']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();

  const prerendered = await request.get(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`);
  expect(prerendered.status()).toBe(200);
  expect(prerendered.headers()).toMatchObject({ ...COMMON_HEADERS, 'content-security-policy': expect.stringContaining("frame-ancestors 'none'") });
  // The page's own policy, with the hashes of Astro's scripts and styles, is in its <meta>.
  const meta = (await prerendered.text()).match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)?.[1];
  expect(meta).toContain("default-src 'self'");
  expect(meta).toContain("img-src 'self' data: https://image.tmdb.org");
  expect(meta).toMatch(/script-src 'self'[^;]*'sha256-/);
  expect(meta).not.toMatch(/script-src[^;]*'unsafe-inline'/);

  // A personal page: a prerendered shell whose island loads the list; only the browser's session decides what shows.
  const personal = await request.get('/my-list');
  expect(personal.headers()).toMatchObject({ ...COMMON_HEADERS, 'content-security-policy': expect.stringContaining("frame-ancestors 'none'") });
  expect(await personal.text()).toMatch(/<meta http-equiv="content-security-policy" content="default-src 'self';[^"]*script-src 'self'/);

  // A page rendered on demand gets the whole policy in its header. The demo player is framed by the site's own pages.
  const player = await request.get(`/embed/movie/${movie.tmdb_id}`);
  const playerPolicy = player.headers()['content-security-policy'];
  expect(player.headers()).toMatchObject(COMMON_HEADERS);
  expect(playerPolicy).toContain("default-src 'self'");
  expect(playerPolicy).toMatch(/script-src 'self'.*; style-src 'self'/);
  expect(playerPolicy).toContain("frame-ancestors 'self'");

  const api = await request.get('/api/me');
  expect(api.headers()).toMatchObject({ ...COMMON_HEADERS, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });

  // Without PUBLIC_AD_SCRIPT_URL (the e2e build) there is no ad frame: no ad code can run anywhere.
  expect((await request.get('/ad-frame')).status()).toBe(404);

  const asset = await request.get('/scripts/register-sw.js');
  expect(asset.headers()).toMatchObject({ ...COMMON_HEADERS, 'content-security-policy': expect.stringContaining("frame-ancestors 'none'") });
});

test('home, title, person, browse and admin pages run under the policy without a violation', async ({ page, db }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const movie = await db.selectFrom('movies').select(['title', 'tmdb_id']).where('is_published', '=', true)
    .where('stream_url', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const show = await db.selectFrom('tv_shows').select(['name', 'tmdb_id']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  const pages = ['/', `/movie/${slugify(movie.title)}/${movie.tmdb_id}`, `/tv/${slugify(show.name)}/${show.tmdb_id}`,
    '/people/person-31/31', '/movies', '/platforms'];
  for (const path of pages) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('main')).toBeVisible();
  }
  // The person page's details come from the person proxy at run time (connect-src).
  await page.goto('/people/person-31/31', { waitUntil: 'networkidle' });
  await expect(page.getByText('Biography 31')).toBeVisible();
  // The movie's player frames the stream link (frame-src; the demo player is framed by the site: frame-ancestors).
  await page.goto(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /^Play movie/ }).click();
  await expect(page.frameLocator('#player iframe').getByText(/Demo player/)).toBeVisible();
  await signIn(page, 'admin@example.com', 'admin12345');
  await page.goto('/admin', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('hostile TMDB text is imported, published on its page, and shown as text that runs nothing', async ({ page, db, baseURL }) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
  await signIn(page, 'admin@example.com', 'admin12345');
  await page.goto('/admin');
  const add = page.getByRole('form', { name: 'Add New' });
  await add.getByLabel('TMDB ID').fill(String(HOSTILE_MOVIE_ID));
  await add.getByRole('button', { name: 'Add Content' }).click();
  await expect(page.locator('[data-toaster]').getByText('Content added successfully!').first()).toBeVisible({ timeout: 30_000 });
  expect(await db.selectFrom('movies').select('title').where('tmdb_id', '=', HOSTILE_MOVIE_ID).executeTakeFirstOrThrow())
    .toEqual({ title: HOSTILE_TITLE });

  // Its page answers as soon as the add has: on demand until the publisher has written it.
  const publicPath = `/movie/${slugify(HOSTILE_TITLE)}/${HOSTILE_MOVIE_ID}`;
  expect((await page.request.get(`${baseURL}${publicPath}`)).status()).toBe(200);

  const violations = await watchViolations(page);
  await page.goto(publicPath, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_TITLE);
  await expect(page.getByText(`Overview ${HOSTILE_MARKUP}`)).toBeVisible();
  await expect(page.getByText(HOSTILE_MARKUP, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(violations).toEqual([]);

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.length).toBeGreaterThan(0);
  const names = blocks.map((block) => JSON.parse(block) as { name?: string }).map((data) => data.name);
  expect(names).toContain(HOSTILE_TITLE);
});

test('a host name the server does not serve (a DNS-rebinding page) gets 421 on every path, and no session', async ({ baseURL }) => {
  const { port } = new URL(baseURL!);
  const ask = (host: string, path: string, method = 'GET') => new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { Host: host, 'Content-Type': 'application/x-www-form-urlencoded' } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? `email=${encodeURIComponent('admin@example.com')}&password=admin12345` : undefined);
  });
  for (const [path, method] of [['/', 'GET'], ['/admin', 'GET'], ['/api/auth/csrf', 'GET'], ['/api/auth/callback/credentials', 'POST']] as const) {
    const refused = await ask(`rebound.example:${port}`, path, method);
    expect(refused.status, path).toBe(421);
    expect(refused.body).toBe(`This server does not answer for the host "rebound.example:${port}". Add its name to ALLOWED_HOSTS to serve it.\n`);
    expect(refused.headers['set-cookie'], path).toBeUndefined();
  }
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `192.168.1.20:${port}`]) {
    expect((await ask(host, '/')).status, host).toBe(200);
  }
});
