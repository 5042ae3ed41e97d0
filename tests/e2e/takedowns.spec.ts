/**
 * Takedowns on the Node server: by the time the admin is told, an unpublished or deleted title's prerendered page
 * answers 404 with the spec's message, so does the page of a person credited only in it, and the sitemap no longer
 * lists it; a title published again comes back; a change made by another process (straight in the database, which
 * logs it for the publisher) is seen within seconds. An edited title's page shows the edit at once.
 */
import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { sessionCookieHeader } from '../support/sessions.ts';
import { expect, test } from './support/fixtures.ts';

/** Far above the 2 s target: the machine running the tests is loaded. */
const TAKEDOWN_BOUND_MS = 15_000;

const toast = (page: Page, text: string | RegExp) => page.locator('[data-toaster]').getByText(text).first();

async function statusOf(page: Page, path: string): Promise<number> {
  return (await page.request.get(path, { maxRedirects: 0 })).status();
}

/** What a visitor gets at `path`: a 404 with the spec's message on the page. */
async function expectNotFound(page: Page, path: string, message: string) {
  const response = await page.request.get(path);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain(`<p class="error-message" role="alert">${message}</p>`);
}

async function openAdminRow(page: Page, tab: 'Movies' | 'TV Shows', tmdbId: number, title: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: tab }).click();
  await page.getByPlaceholder(tab === 'Movies' ? 'Search movies...' : 'Search TV shows...').fill(String(tmdbId));
  const row = page.getByTestId('admin-row').filter({ hasText: title });
  // The admin island loads slowly on a busy machine.
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  return row;
}

test.describe('takedowns live in seconds', () => {
  // The machine is shared: admin pages are slow.
  test.describe.configure({ timeout: 300_000 });
  // Signed in as the demo admin with the cookie a sign-in would set (no full-cost password hash on a busy machine).
  test.beforeEach(async ({ page, db, baseURL }) => {
    const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
    const cookie = await sessionCookieHeader(db, admin.id, { secret: process.env.E2E_AUTH_SECRET!, secure: false });
    const split = cookie.indexOf('=');
    await page.context().addCookies([{ name: cookie.slice(0, split), value: cookie.slice(split + 1), url: baseURL! }]);
  });

  test('unpublish: the title and the people credited only in it answer 404 at once; published again, it comes back', async ({ page, db }) => {
    // A published movie with someone credited in nothing else.
    const { rows: [movie] } = await sql<{ tmdb_id: number; title: string; person_id: number; name: string }>`
      select m.tmdb_id, m.title, p.id as person_id, p.name from movies m
      join movie_credits c on c.movie_id = m.id join people p on p.id = c.person_id
      where m.is_published
        and (select count(*) from movie_credits o where o.person_id = p.id) = 1
        and not exists (select 1 from tv_show_credits t where t.person_id = p.id)
      order by m.tmdb_id desc limit 1`.execute(db);
    const moviePath = `/movie/${slugify(movie!.title)}/${movie!.tmdb_id}`;
    const personPath = `/people/${slugify(movie!.name)}/${movie!.person_id}`;
    expect(await statusOf(page, moviePath)).toBe(200);
    expect(await statusOf(page, personPath)).toBe(200);
    expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`${moviePath}</loc>`);

    const row = await openAdminRow(page, 'Movies', movie!.tmdb_id, movie!.title);
    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Published' }).click();
    await expect(toast(page, '1 item(s) unpublished!')).toBeVisible();
    await expect(toast(page, '1 item(s) offline now: their pages answer "not found", and the pages that listed them follow within seconds.')).toBeVisible();
    // The answer came after the server caught up: the very next requests are refused, and the sitemap has let it go.
    expect(await statusOf(page, moviePath)).toBe(404);
    expect(await statusOf(page, personPath)).toBe(404);
    expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`${moviePath}</loc>`);
    await expectNotFound(page, moviePath, 'Movie not found.');
    await expectNotFound(page, personPath, 'Actor not found.');

    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Draft' }).click();
    await expect(toast(page, '1 item(s) published!')).toBeVisible();
    await expect.poll(() => statusOf(page, moviePath), { timeout: TAKEDOWN_BOUND_MS }).toBe(200);
    await expect.poll(() => statusOf(page, personPath), { timeout: TAKEDOWN_BOUND_MS }).toBe(200);
    expect(await (await page.request.get(moviePath)).text()).toContain(movie!.title);
  });

  test('delete: the show\'s page answers 404 with the spec\'s message', async ({ page, db }) => {
    const show = await db.selectFrom('tv_shows').select(['tmdb_id', 'name']).where('is_published', '=', true)
      .orderBy('tmdb_id', 'desc').executeTakeFirstOrThrow();
    const showPath = `/tv/${slugify(show.name)}/${show.tmdb_id}`;
    expect(await statusOf(page, showPath)).toBe(200);

    const row = await openAdminRow(page, 'TV Shows', show.tmdb_id, show.name);
    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, '1 item(s) deleted successfully!')).toBeVisible();
    await expect(toast(page, /^1 item\(s\) offline now/)).toBeVisible();
    expect(await statusOf(page, showPath)).toBe(404);
    await expectNotFound(page, showPath, 'TV show not found.');
  });

  test('an edit shows at once: the page is renewed before it is served again', async ({ page, db, baseURL }) => {
    const movie = await db.selectFrom('movies').select(['id', 'tmdb_id', 'title']).where('is_published', '=', true)
      .orderBy('tmdb_id').offset(5).executeTakeFirstOrThrow();
    const moviePath = `/movie/${slugify(movie.title)}/${movie.tmdb_id}`;
    const link = `https://cdn.example.com/edited-${Date.now()}`;
    expect(await (await page.request.get(moviePath)).text()).not.toContain(link);
    const answer = await page.request.patch('/api/admin/movies/links', { data: { id: movie.id, streamUrl: link, downloadUrl: '' }, headers: { Origin: baseURL! } });
    expect(answer.status()).toBe(200);
    const edited = await page.request.get(moviePath);
    expect(edited.status()).toBe(200);
    expect(await edited.text()).toContain(link);
  });

  test('a change made by another process (a CLI import, another server) is seen by the poll', async ({ page, db }) => {
    const movie = await db.selectFrom('movies').select(['id', 'tmdb_id', 'title']).where('is_published', '=', true)
      .orderBy('tmdb_id').executeTakeFirstOrThrow();
    const moviePath = `/movie/${slugify(movie.title)}/${movie.tmdb_id}`;
    expect(await statusOf(page, moviePath)).toBe(200);
    // Straight in the database: its triggers log the change, nothing tells the server.
    await db.updateTable('movies').set({ is_published: false }).where('id', '=', movie.id).execute();
    await expect.poll(() => statusOf(page, moviePath), { timeout: TAKEDOWN_BOUND_MS }).toBe(404);
    await expectNotFound(page, moviePath, 'Movie not found.');
    await db.updateTable('movies').set({ is_published: true }).where('id', '=', movie.id).execute();
    await expect.poll(() => statusOf(page, moviePath), { timeout: TAKEDOWN_BOUND_MS }).toBe(200);
  });
});
