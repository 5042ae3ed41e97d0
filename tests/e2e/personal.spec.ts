/**
 * Personal features through the real screens: lists and stars persist, a visitor's action waits for sign-in,
 * the demo player's progress feeds Continue Watching, recommendations follow ratings, requests and view counts
 * (spec sections 2, 4, 5, 6 and 8).
 */
import type { Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

const PASSWORD = 'personal-pass';
const toast = (page: Page, text: string) => page.locator('[data-toaster]').getByText(text, { exact: true }).first();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A title card's link: its accessible name starts with the poster's alt text. */
const cardName = (title: string) => new RegExp(`^${escapeRegExp(title)} poster`);

/**
 * Every e2e page load comes from 127.0.0.1, which the server counts once per title and day and rate limits: a view
 * test starts as a client the server has not seen today.
 */
async function forgetViewsToday(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('view_dedupe').execute();
  await db.deleteFrom('rate_limits').where('bucket', 'like', 'view:%').execute();
}

test.describe('personal features', () => {
  let counter = 0;
  /** A fresh confirmed user, so tests do not see each other's lists and ratings. */
  const newUser = async (db: Kysely<Database>) => {
    const email = `personal-${Date.now()}-${counter++}@example.com`;
    const user = await db.insertInto('users').values({ email, password_hash: await hashPassword(PASSWORD), email_confirmed_at: new Date() })
      .returning('id').executeTakeFirstOrThrow();
    return { id: user.id, email };
  };
  const streamedMovie = (db: Kysely<Database>, offset = 0) => db.selectFrom('movies')
    .select(['tmdb_id', 'title', 'view_count']).where('is_published', '=', true).where('stream_url', 'is not', null)
    .orderBy('id').offset(offset).limit(1).executeTakeFirstOrThrow();
  const moviePath = (movie: { title: string; tmdb_id: number }) => `/movie/${slugify(movie.title)}/${movie.tmdb_id}`;

  test('My List, Wishlist and a rating are saved and shown again after a reload', async ({ page, db }) => {
    const user = await newUser(db);
    const movie = await streamedMovie(db, 3);
    await signIn(page, user.email, PASSWORD);
    await page.goto(moviePath(movie));

    await page.getByRole('button', { name: '+ My List' }).click();
    await expect(toast(page, 'Added to My List')).toBeVisible();
    await expect(page.getByRole('button', { name: '✓ My List' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '♡ Wishlist' }).click();
    await expect(toast(page, 'Added to Wishlist')).toBeVisible();
    await page.getByRole('button', { name: 'Rate 4 stars' }).click();
    await expect(toast(page, 'You rated this 4 star(s).')).toBeVisible();

    await page.reload();
    // Shown without any interaction: the island wakes up for a signed-in user.
    await expect(page.getByRole('button', { name: '✓ My List' })).toBeVisible();
    await expect(page.getByRole('button', { name: '♥ Wishlist' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rate 4 stars' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Rate 5 stars' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(/^\d+ ratings?$/)).toBeVisible();

    const row = await db.selectFrom('user_ratings').select('rating').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.rating).toBe(4);
    await page.goto('/my-list');
    await expect(page.getByRole('list', { name: 'My List' }).getByRole('link', { name: cardName(movie.title) })).toBeVisible();
    await page.goto('/wishlist');
    await expect(page.getByRole('list', { name: 'Wishlist' }).getByRole('link', { name: cardName(movie.title) })).toBeVisible();

    await page.goto(moviePath(movie));
    await page.getByRole('button', { name: '✓ My List' }).click();
    await expect(toast(page, 'Removed from My List')).toBeVisible();
    await expect(page.getByRole('button', { name: '+ My List' })).toBeVisible();
    await page.goto('/my-list');
    await expect(page.getByText('Your my list is empty.')).toBeVisible();
  });

  test('a failed save says so and changes nothing on screen', async ({ page, db }) => {
    const user = await newUser(db);
    const movie = await streamedMovie(db, 7);
    await signIn(page, user.email, PASSWORD);
    await page.goto(moviePath(movie));
    await expect(page.getByText(/^\d+ ratings?$/)).toBeVisible();
    await page.route('**/api/me/lists', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
    await page.route('**/api/me/ratings', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));

    await page.getByRole('button', { name: '+ My List' }).click();
    await expect(toast(page, 'Update failed.')).toBeVisible();
    await expect(page.getByRole('button', { name: '+ My List' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Rate 3 stars' }).click();
    await expect(toast(page, 'Failed to save your rating.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rate 1 star' })).toHaveAttribute('aria-pressed', 'false');
    expect(await db.selectFrom('user_list_items').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('a visitor on /my-list or /wishlist is asked to log in; so is a user whose session ends on the page', async ({ page, db }) => {
    for (const path of ['/my-list', '/wishlist']) {
      await page.goto(path);
      await expect(page.getByText('Please log in to see your list.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(path)}`);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    const user = await newUser(db);
    await signIn(page, user.email, PASSWORD);
    // The session ends between the page's session check and its list request (expired, or signed out elsewhere).
    await page.route('**/api/me/lists?*', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"You must be logged in."}' }));
    await page.goto('/wishlist');
    await expect(page.getByText('Please log in to see your list.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fwishlist');
    expect(new URL(page.url()).pathname).toBe('/wishlist');
  });

  test("a visitor's list and rating wait for sign-in, then apply once", async ({ page, db }) => {
    const user = await newUser(db);
    const movie = await streamedMovie(db, 4);
    await page.goto(moviePath(movie));
    await page.getByRole('button', { name: 'Rate 5 stars' }).click();
    await page.waitForURL('**/login');
    await expect(toast(page, 'Please log in to rate this item.')).toBeVisible();

    await page.goto(moviePath(movie));
    await page.getByRole('button', { name: '♡ Wishlist' }).click();
    await page.waitForURL('**/login');
    await expect(toast(page, 'Please log in to save items to your list.')).toBeVisible();

    // Only the last remembered action applies.
    await signIn(page, user.email, PASSWORD);
    await expect(toast(page, 'Item added to your wishlist !')).toBeVisible();
    const rows = await db.selectFrom('user_list_items').select(['list', 'content_tmdb_id']).where('user_id', '=', user.id).execute();
    expect(rows).toEqual([{ list: 'wishlist', content_tmdb_id: movie.tmdb_id }]);
    expect(await db.selectFrom('user_ratings').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Recently Added Movies' })).toBeVisible();
    await expect(toast(page, 'Item added to your wishlist !')).toBeHidden();
  });

  test('progress from the demo player shows up in Continue Watching and resumes the title', async ({ page, db }) => {
    const user = await newUser(db);
    const movie = await streamedMovie(db, 5);
    await signIn(page, user.email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Continue Watching' })).toBeHidden();
    await page.goto(moviePath(movie));
    await page.getByRole('button', { name: /^Play movie/ }).click();
    const player = page.frameLocator('#player iframe');
    await player.getByRole('button', { name: 'Pause' }).waitFor();
    await page.waitForTimeout(2500);
    await player.getByRole('button', { name: 'Pause' }).click();

    await expect.poll(async () => {
      const row = await db.selectFrom('watch_history').select(['position_seconds', 'progress_percentage'])
        .where('user_id', '=', user.id).where('content_tmdb_id', '=', movie.tmdb_id).executeTakeFirst();
      return row ? Number(row.position_seconds) : -1;
    }).toBeGreaterThanOrEqual(2);

    await page.goto('/');
    const row = page.getByRole('list', { name: 'Continue Watching' });
    await expect(row.getByRole('link', { name: cardName(movie.title) })).toHaveAttribute('href', moviePath(movie));
    await expect(row.getByRole('progressbar')).toBeVisible();
  });

  test('an episode watched on the TV page resumes on that episode from Continue Watching', async ({ page, db }) => {
    const user = await newUser(db);
    const episode = await db.selectFrom('tv_show_episodes').innerJoin('tv_shows', 'tv_shows.id', 'tv_show_episodes.tv_show_id')
      .select(['tv_shows.name', 'tv_shows.tmdb_id', 'season_number', 'episode_number'])
      .where('tv_shows.is_published', '=', true).where('season_number', '>=', 1).where('episode_number', '>=', 2).where('stream_url', 'is not', null)
      .orderBy('tv_shows.id', 'desc').orderBy('season_number').orderBy('episode_number').executeTakeFirstOrThrow();
    const showPath = `/tv/${slugify(episode.name)}/${episode.tmdb_id}`;
    const resume = `${showPath}?season=${episode.season_number}&episode=${episode.episode_number}`;
    await signIn(page, user.email, PASSWORD);
    await page.goto(resume);
    const player = page.frameLocator('.now-playing iframe');
    await player.getByRole('button', { name: 'Pause' }).waitFor();
    await page.waitForTimeout(2000);
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await db.selectFrom('watch_history').select(['season_number', 'episode_number', 'position_seconds'])
      .where('user_id', '=', user.id).where('content_type', '=', 'tv').executeTakeFirst()) ?? null)
      .toMatchObject({ season_number: episode.season_number, episode_number: episode.episode_number });

    await page.goto(showPath);
    await page.getByRole('button', { name: '+ My List' }).click();
    await expect(toast(page, 'Added to My List')).toBeVisible();

    await page.goto('/');
    const link = page.getByRole('list', { name: 'Continue Watching' }).getByRole('link', { name: cardName(episode.name) });
    await expect(link).toHaveAttribute('href', resume);
    await link.click();
    await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible();
    await expect(page.getByRole('tab', { name: `Season ${episode.season_number}` })).toHaveAttribute('aria-selected', 'true');
  });

  test('recommendations start popular and follow what the user rates', async ({ page, db }) => {
    const user = await newUser(db);
    await page.goto('/recommendations');
    await expect(page.getByText('Please log in to get personalized recommendations.')).toBeVisible();

    await signIn(page, user.email, PASSWORD);
    await page.goto('/recommendations');
    const grid = page.getByRole('list', { name: 'Recommended titles' });
    await expect(grid.getByText('Popular right now').first()).toBeVisible();
    await expect(grid.getByText(/^Because you/)).toHaveCount(0);

    const movie = await db.selectFrom('movies').innerJoin('movie_genres', 'movie_genres.movie_id', 'movies.id')
      .select(['movies.tmdb_id', 'movies.title']).where('movies.is_published', '=', true).orderBy('movies.id').limit(1).executeTakeFirstOrThrow();
    await page.goto(moviePath(movie));
    await page.getByRole('button', { name: 'Rate 5 stars' }).click();
    await expect(toast(page, 'You rated this 5 star(s).')).toBeVisible();

    await page.goto('/recommendations');
    await expect(grid.getByText(`Because you rated ${movie.title}`).first()).toBeVisible();
    await expect(grid.getByRole('link', { name: cardName(movie.title) })).toHaveCount(0);
  });

  test('requests: blank refused, public ones listed with requester and age, private ones kept private', async ({ page, db }) => {
    const user = await newUser(db);
    const stamp = Date.now();
    await page.goto('/request');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(page, 'Please enter a request.')).toBeVisible();

    await page.getByLabel('What would you like us to add?').fill(`  Visitor wish ${stamp}  `);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(page, 'Your request has been submitted!')).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent Public Requests' });
    const entry = recent.getByRole('listitem').filter({ hasText: `Visitor wish ${stamp}` });
    await expect(entry).toContainText(/Anonymous · \d+ seconds? ago/);

    await signIn(page, user.email, PASSWORD);
    await page.goto('/request');
    await page.getByLabel('What would you like us to add?').fill(`Private wish ${stamp}`);
    await page.getByLabel('Make this request public').uncheck();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(page, 'Your request has been submitted!')).toBeVisible();
    await page.reload();
    await expect(recent.getByText(`Visitor wish ${stamp}`)).toBeVisible();
    await expect(page.getByText(`Private wish ${stamp}`)).toHaveCount(0);

    const rows = await db.selectFrom('requests').select(['message', 'user_email', 'is_public']).where('message', 'like', `%wish ${stamp}`).orderBy('id').execute();
    expect(rows).toEqual([
      { message: `Visitor wish ${stamp}`, user_email: null, is_public: true },
      { message: `Private wish ${stamp}`, user_email: user.email, is_public: false },
    ]);

    // A refused submission says so with the spec's message and keeps the text for another try.
    await page.route('**/api/requests', (route) => (route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"Too many attempts. Please try again later."}' })
      : route.continue()));
    await page.getByLabel('What would you like us to add?').fill(`Refused wish ${stamp}`);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(page, 'Failed to submit request. Please try again.')).toBeVisible();
    await expect(page.getByLabel('What would you like us to add?')).toHaveValue(`Refused wish ${stamp}`);
  });

  test("a movie's view count goes up once per visitor and day, and the page shows the live count", async ({ page, db }) => {
    await forgetViewsToday(db);
    const movie = await streamedMovie(db, 6);
    const views = async () => Number((await db.selectFrom('movies').select('view_count').where('tmdb_id', '=', movie.tmdb_id).executeTakeFirstOrThrow()).view_count);
    const before = await views();
    const shown = page.locator('[data-view-count]');
    await page.goto(moviePath(movie));
    await expect.poll(views).toBe(before + 1);
    // The prerendered count is the build's; the view report's answer brings the current one, in the same box.
    await expect(shown).toHaveText(`${(before + 1).toLocaleString('en-US')} views`);
    await page.reload();
    await page.goto('/');
    await page.goto(moviePath(movie));
    await page.waitForLoadState('networkidle');
    expect(await views()).toBe(before + 1);

    // Already counted this session: the page asks for the count once it is in view, and shows today's number.
    await db.updateTable('movies').set({ view_count: 12_345 }).where('tmdb_id', '=', movie.tmdb_id).execute();
    const asked = page.waitForRequest((request) => request.url().includes('/api/events/view-count?'));
    await page.reload();
    await asked;
    await expect(shown).toHaveText('12,345 views');
    const box = await shown.boundingBox();
    expect(box!.width).toBeGreaterThan(0);
  });

  test("a TV show's views are counted and the page shows the live count; a count out of view is never asked for", async ({ page, db }) => {
    await forgetViewsToday(db);
    // A demo show, whose page is long enough for its count to be out of view at the bottom (not one a test added).
    const show = await db.selectFrom('tv_shows').select(['tmdb_id', 'name', 'view_count']).where('is_published', '=', true)
      .orderBy('id').executeTakeFirstOrThrow();
    const views = async () => Number((await db.selectFrom('tv_shows').select('view_count').where('tmdb_id', '=', show.tmdb_id).executeTakeFirstOrThrow()).view_count);
    const before = await views();
    await page.goto(`/tv/${slugify(show.name)}/${show.tmdb_id}`);
    await expect.poll(views).toBe(before + 1);
    await expect(page.locator('[data-view-count]')).toHaveText(`${(before + 1).toLocaleString('en-US')} views`);

    // Reopened in the same session, scrolled past the count: no count request until it comes into view.
    const countRequests: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/api/events/view-count?')) countRequests.push(request.url()); });
    await page.setViewportSize({ width: 1280, height: 300 });
    // Scrolled to the bottom before the first frame, as a visitor returning to a deep link would be.
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => window.scrollTo(0, document.body.scrollHeight)));
    // Marks the moment the page has decided (its observer's first answer for the count), and records, in the page
    // and as they are made, the count requests.
    await page.addInitScript(() => {
      const made: string[] = [];
      Object.assign(window, { countFetches: made });
      const fetchAsBuilt = window.fetch;
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/api/events/view-count?')) made.push(url);
        return fetchAsBuilt(input, init);
      };
      const ObserverAsBuilt = window.IntersectionObserver;
      window.IntersectionObserver = class extends ObserverAsBuilt {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          super((entries, observer) => {
            callback(entries, observer);
            const count = entries.find((entry) => entry.target.matches('[data-view-count]'));
            if (count) document.documentElement.dataset.countSeen ??= String(count.isIntersecting);
          }, options);
        }
      };
    });
    await page.goto(`/tv/${slugify(show.name)}/${show.tmdb_id}`);
    await expect(page.locator('html')).toHaveAttribute('data-count-seen', 'false');
    expect(await page.evaluate(() => (window as unknown as { countFetches: string[] }).countFetches)).toEqual([]);
    expect(countRequests).toEqual([]);
    await page.locator('[data-view-count]').scrollIntoViewIfNeeded();
    await expect.poll(() => countRequests.length).toBe(1);
  });
});
