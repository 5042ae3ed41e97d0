/**
 * What a new visitor does first, at phone and at desktop size (issue 24): through the menu to a platform and a
 * title, Play and Trailer on the first click; a list page asking to log in and coming back; the same with the
 * keyboard only; and a title page whose artwork fails. Plus the movie page's Play buttons on a slow phone.
 */
import type { Locator, Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { creditedInPublishedTitle } from '../../src/lib/catalog/people.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { hasPlatformPage } from '../../src/lib/catalog/platforms.ts';
import { signIn } from './support/auth.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

// Each journey crosses several pages, each hydrating its islands: on a CI machine shared with other work a step can
// take well over the suite's default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = 'journey-pass';
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
] as const;

let counter = 0;
async function newUser(db: Kysely<Database>): Promise<string> {
  const email = `journey-${Date.now()}-${counter++}@example.com`;
  await db.insertInto('users').values({ email, password_hash: await hashPassword(PASSWORD), email_confirmed_at: new Date() }).execute();
  return email;
}

/** A published movie with a stream link and a trailer, the `offset`th by id. */
const playableMovie = (db: Kysely<Database>, offset = 0) => db.selectFrom('movies').select(['tmdb_id', 'title'])
  .where('is_published', '=', true).where('stream_url', 'is not', null).where('trailer_key', 'is not', null)
  .orderBy('id').offset(offset).limit(1).executeTakeFirstOrThrow();
const moviePath = (movie: { title: string; tmdb_id: number }) => `/movie/${slugify(movie.title)}/${movie.tmdb_id}`;

/** The header's destinations: on a phone behind the menu button, opened here; on a desktop always in view. */
async function mainNavigation(page: Page, phone: boolean): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  if (phone) {
    await menuButton.click();
    await expect(nav.getByRole('link', { name: 'Platforms' })).toBeVisible();
  } else {
    await expect(menuButton).toBeHidden();
  }
  return nav;
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; it must show it. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(target);
      return;
    }
  }
  throw new Error(`${key} never reached ${target}`);
}

async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return element.matches(':focus-visible') && (style.boxShadow !== 'none' || style.outlineStyle !== 'none');
  })).toBe(true);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });
    // Each journey walks several pages: more than the default 30 s on a busy 2-core CI machine.
    test.describe.configure({ timeout: 90_000 });
    // The mobile app prompt opens on a phone's first page; these journeys start after it was skipped.
    test.beforeEach(async ({ page }) => page.addInitScript(() => sessionStorage.setItem('mobile-app-prompt', 'skipped')));

    test('a visitor goes home → menu → Platforms → a platform → a title, and Play and Trailer each start on one click', async ({ page, db }) => {
      const movie = await db.selectFrom('movies').innerJoin('movie_providers', 'movie_providers.movie_id', 'movies.id')
        .select(['tmdb_id', 'title', 'platform_id']).where('is_published', '=', true).where('stream_url', 'is not', null)
        .where('trailer_key', 'is not', null).orderBy('movies.id').executeTakeFirstOrThrow();
      const platform = await db.selectFrom('platforms').select('name').where('id', '=', movie.platform_id).executeTakeFirstOrThrow();
      await page.goto('/');
      await (await mainNavigation(page, size.phone)).getByRole('link', { name: 'Platforms' }).click();
      await page.waitForURL('**/platforms');
      const choice = page.getByRole('button', { name: platform.name, exact: true });
      await choice.click();
      await expect(choice).toHaveAttribute('aria-pressed', 'true');
      const card = page.locator(`.platform-browser a[href="${moviePath(movie)}"]`).first();
      await expect(async () => {
        if (!await card.isVisible()) await page.locator('.infinite-sentinel').scrollIntoViewIfNeeded();
        await expect(card).toBeVisible({ timeout: 1000 });
      }).toPass();
      await card.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(movie.title);

      await page.getByRole('link', { name: '▶ Play Movie' }).click();
      await expect(page.locator('#player iframe')).toHaveAttribute('title', `${movie.title} player`);
      await page.getByRole('link', { name: 'Trailer', exact: true }).click();
      await expect(page.locator('#player iframe')).toHaveAttribute('title', `${movie.title} trailer`);
    });

    test('a visitor on My List is asked to log in, and the Login button brings them back signed in', async ({ page, db }) => {
      const email = await newUser(db);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto('/my-list');
      await expect(page.getByText('Please log in to see your list.')).toBeVisible();
      // The island hydrates the skeletons the server sent, then shows the notice (no hydration mismatch).
      expect(pageErrors).toEqual([]);
      await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
      const form = page.getByRole('form', { name: 'Sign In' });
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/my-list');
      await expect(page.getByText('Your my list is empty.')).toBeVisible();
      await expect(page.getByText('Please log in to see your list.')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    });

    test('keyboard only: menu, search, open a title, add it to My List and start it, the focus visible at every step', async ({ page, db }) => {
      const movie = await playableMovie(db, 1);
      await signIn(page, await newUser(db), PASSWORD);
      await page.goto('/');
      if (size.phone) {
        const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
        await tabTo(page, menuButton);
        await page.keyboard.press('Enter');
        const platforms = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Platforms' });
        await expect(platforms).toBeVisible();
        await tabTo(page, platforms);
        await page.keyboard.press('Escape');
        await expect(platforms).toBeHidden();
        await expectVisibleFocus(menuButton);
        await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }), 'Shift+Tab');
        await page.keyboard.press('Enter');
        await expectVisibleFocus(page.locator('#overlay-search'));
      } else {
        await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Platforms' }));
        await tabTo(page, page.locator('#header-search'));
      }
      await page.keyboard.type(movie.title);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/search?**');
      const result = page.getByRole('main').locator(`a[href="${moviePath(movie)}"]`).first();
      await expect(result).toBeVisible();
      await tabTo(page, result);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(movie.title);

      const addToList = page.getByRole('button', { name: '+ My List' });
      await tabTo(page, addToList);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: /My List/ }).first()).toHaveAttribute('aria-pressed', 'true');
      await tabTo(page, page.getByRole('link', { name: '▶ Play Movie' }), 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(page.locator('#player iframe')).toHaveAttribute('title', `${movie.title} player`);
    });

    test('with images blocked, no placeholder covers the title page\'s heading or overview', async ({ page, db }) => {
      const movie = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true)
        .where('backdrop_path', 'is not', null).where('poster_path', 'is not', null).where('overview', 'is not', null)
        .orderBy('id').executeTakeFirstOrThrow();
      await page.route('**/*', (route) => route.request().resourceType() === 'image' ? route.abort() : route.continue());
      await page.goto(moviePath(movie));
      await expect(page.locator('.title-backdrop img[data-image-error]')).toHaveCount(1);
      await expect(page.locator('.title-poster img[data-image-error]')).toHaveCount(1);
      for (const placeholder of await page.locator('img[data-image-error]').all()) {
        // Drawn at its slot's size with fixed-size text: no viewBox to scale it by.
        const drawing = decodeURIComponent(await placeholder.getAttribute('src') ?? '');
        expect(drawing).toContain('>Image Error</text>');
        expect(drawing).not.toContain('viewBox');
      }
      for (const text of [page.getByRole('heading', { level: 1 }), page.locator('.title-info .overview')]) {
        await text.scrollIntoViewIfNeeded();
        const box = (await text.boundingBox())!;
        const uncovered = await text.evaluate((element, points) => points.every(([x, y]) => {
          const top = document.elementFromPoint(x!, y!);
          return top !== null && element.contains(top);
        }), [[box.x + 4, box.y + box.height / 2], [box.x + box.width / 2, box.y + box.height / 2]]);
        expect(uncovered).toBe(true);
      }
    });
  });
}

test.describe('the movie page on a slow phone (CPU throttled 6×)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => page.addInitScript(() => sessionStorage.setItem('mobile-app-prompt', 'skipped')));

  for (const { control, how, plays } of [
    { control: '▶ Play Movie', how: 'click', plays: 'player' },
    { control: 'Watch Now', how: 'click', plays: 'player' },
    { control: 'Trailer', how: 'click', plays: 'trailer' },
    { control: '▶ Play Movie', how: 'Enter', plays: 'player' },
    { control: 'Trailer', how: 'Enter', plays: 'trailer' },
  ] as const) {
    test(`${control} starts the ${plays} on the first ${how} on a fresh page`, async ({ page, db }) => {
      test.setTimeout(120_000);
      const movie = await playableMovie(db, 2);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto(moviePath(movie));
      const link = page.getByRole('link', { name: control, exact: true });
      if (how === 'click') await link.click();
      else {
        await link.focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.locator('#player iframe')).toHaveAttribute('title', `${movie.title} ${plays}`, { timeout: 60_000 });
    });
  }
});

/**
 * Every control that wakes an island or a page script, each pressed once on a freshly opened page of a slow phone,
 * as soon as the markup is parsed: the press may come before any script has run, and must still act, once.
 */
test.describe('every scripted control, pressed once on a fresh page of a slow phone (CPU throttled 6×)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page, context }) => {
    await page.addInitScript(() => sessionStorage.setItem('mobile-app-prompt', 'skipped'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  const toast = (page: Page, text: string) => page.locator('[data-toaster]').getByText(text, { exact: true }).first();

  /** Throttles the CPU, then opens `path` and returns once its markup is parsed, before the page's scripts. */
  async function openFresh(page: Page, path: string): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
  }

  /** A published show with a trailer, a season 2, and a season 1 episode on the demo player, and that episode. */
  async function showWithSeasons(db: Kysely<Database>) {
    const show = await db.selectFrom('tv_shows').select(['tv_shows.id', 'name', 'tmdb_id', 'trailer_key']).where('is_published', '=', true)
      .where('trailer_key', 'is not', null)
      .where((eb) => eb.exists(eb.selectFrom('tv_show_episodes').select('id').whereRef('tv_show_id', '=', 'tv_shows.id').where('season_number', '=', 2)))
      .where((eb) => eb.exists(eb.selectFrom('tv_show_episodes').select('id').whereRef('tv_show_id', '=', 'tv_shows.id')
        .where('season_number', '=', 1).where('stream_url', 'like', '/embed/%')))
      .orderBy('tv_shows.id').executeTakeFirstOrThrow();
    const episodes = db.selectFrom('tv_show_episodes').select(['season_number', 'episode_number', 'name', 'stream_url'])
      .where('tv_show_id', '=', show.id).orderBy('episode_number');
    const streamed = await episodes.where('season_number', '=', 1).where('stream_url', 'like', '/embed/%').executeTakeFirstOrThrow();
    const secondSeason = await episodes.where('season_number', '=', 2).executeTakeFirstOrThrow();
    return { show, path: `/tv/${slugify(show.name)}/${show.tmdb_id}`, streamed, secondSeason };
  }
  const quickActions = (page: Page) => page.getByRole('navigation', { name: 'Quick actions' });

  test('TV page: a season tab shows that season', async ({ page, db }) => {
    const { path, secondSeason } = await showWithSeasons(db);
    await openFresh(page, path);
    await page.getByRole('tab', { name: 'Season 2' }).click();
    await expect(page.getByRole('tab', { name: 'Season 2' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
    await expect(page.getByRole('tabpanel').getByRole('button').first()).toContainText(`${secondSeason.episode_number}. `);
  });

  test('TV page: an episode plays under Now Playing', async ({ page, db }) => {
    const { path, streamed } = await showWithSeasons(db);
    await openFresh(page, path);
    await page.getByRole('tabpanel').getByRole('button', { name: new RegExp(`^${streamed.episode_number}\\. `) }).click();
    await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.now-playing iframe')).toHaveAttribute('src', streamed.stream_url!);
  });

  test("TV page's quick actions: Trailer, Share and Rate each act once", async ({ page, db, baseURL }) => {
    const { show, path } = await showWithSeasons(db);
    await openFresh(page, path);
    await quickActions(page).getByRole('button', { name: 'Trailer' }).click();
    await expect(page.locator('.trailer-panel iframe')).toHaveAttribute('src', new RegExp(`/embed/${show.trailer_key}\\?`), { timeout: 60_000 });
    await quickActions(page).getByRole('button', { name: 'Share' }).click();
    await expect(toast(page, 'Link copied to clipboard!')).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}/`); // the canonical URL
    // Scrolled down, back-to-top shows too, and covers none of the bar's buttons (a click fails on a covered one).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible();
    await quickActions(page).getByRole('button', { name: '★ Rate' }).click();
    await expect(toast(page, 'Feature coming soon!')).toBeVisible();
    await expect(page.locator('[data-toaster]').getByText('Feature coming soon!')).toHaveCount(1);
  });

  test("TV page's Wishlist: a visitor's press waits for sign-in and applies once; a user's press takes it off again", async ({ page, db }) => {
    const { show, path } = await showWithSeasons(db);
    await openFresh(page, path);
    await quickActions(page).getByRole('button', { name: '♡ Wishlist' }).click();
    await page.waitForURL('**/login', { timeout: 60_000 });
    await expect(toast(page, 'Please log in to save items to your list.')).toBeVisible();
    const email = await newUser(db);
    await signIn(page, email, PASSWORD);
    await expect(toast(page, 'Item added to your wishlist !')).toBeVisible();
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const saved = () => db.selectFrom('user_list_items').select(['list', 'content_type', 'content_tmdb_id']).where('user_id', '=', user.id).execute();
    expect(await saved()).toEqual([{ list: 'wishlist', content_type: 'tv', content_tmdb_id: show.tmdb_id }]);

    await openFresh(page, path);
    await quickActions(page).getByRole('button', { name: '♡ Wishlist' }).click();
    await expect(toast(page, 'Removed from Wishlist')).toBeVisible({ timeout: 60_000 });
    expect(await saved()).toEqual([]);
  });

  test('platforms: the platform picked at once is the one shown, and stays so', async ({ page, db }) => {
    const [, second] = await db.selectFrom('platforms').select(['id', 'name']).where(hasPlatformPage).orderBy('name').orderBy('id').limit(2).execute();
    await openFresh(page, '/platforms');
    const choice = page.getByRole('button', { name: second!.name, exact: true });
    await choice.click();
    await expect(page).toHaveURL(new RegExp(`/platforms/${second!.id}/[^/]+$`), { timeout: 60_000 });
    await expect(choice).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
    await expect(page.getByRole('heading', { name: second!.name, exact: true })).toBeVisible();
  });

  test('home page: a hero dot shows its slide', async ({ page }) => {
    await openFresh(page, '/');
    const dots = page.getByRole('button', { name: /^Show / });
    const second = dots.nth(1);
    const title = (await second.getAttribute('aria-label'))!.slice('Show '.length);
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect(dots.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('[data-hero-slide]:not([hidden])').getByRole('heading', { name: title, exact: true })).toBeVisible();
  });

  test('person page: a Known For sort orders the titles at once', async ({ page, db }) => {
    const person = await db.selectFrom('people').select(['people.id', 'people.name']).where(creditedInPublishedTitle)
      .orderBy('people.id').executeTakeFirstOrThrow();
    await openFresh(page, `/people/${slugify(person.name)}/${person.id}`);
    const sorts = page.getByRole('group', { name: 'Sort Known For' });
    await sorts.getByRole('button', { name: 'Top Rated' }).click();
    await expect(sorts.getByRole('button', { name: 'Top Rated' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sorts.getByRole('button', { name: 'Popularity' })).toHaveAttribute('aria-pressed', 'false');
    const ratings = await page.locator('[data-known-for-list] > *').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.rating || 0)));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  /**
   * Opens `path` on the throttled phone with the page's module held, so its markup is parsed and painted and the
   * module has not run, as for up to a second on such a phone; returns the function that lets the module run.
   */
  async function openWithPageModuleHeld(page: Page, path: string): Promise<() => void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/_astro/PageScripts.astro_*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    return release;
  }

  /** Controls only the page's module serves: on screen, none of them can be pressed before it runs; then each acts. */
  test('home page: the slide dots and the row arrows are offered once their script runs', async ({ page }) => {
    const release = await openWithPageModuleHeld(page, '/');
    const dots = page.getByRole('group', { name: 'Choose slide' }).getByRole('button');
    const arrow = page.getByRole('button', { name: /^Scroll .* right$/ }).first();
    await expect(page.locator('[data-hero-dot]').nth(1)).toBeAttached();
    await expect(page.locator('[data-row-scroll]').first()).toBeAttached();
    await expect(dots).toHaveCount(0);
    await expect(arrow).toBeHidden();
    release();
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await arrow.click();
    await expect.poll(() => arrow.evaluate((button) => button.parentElement!.querySelector('.row-track')!.scrollLeft)).toBeGreaterThan(0);
  });

  test("TV page: the quick actions' Share and Rate are offered once their script runs", async ({ page, db, baseURL }) => {
    const { path } = await showWithSeasons(db);
    const release = await openWithPageModuleHeld(page, path);
    await expect(quickActions(page).locator('[data-share]')).toBeAttached();
    await expect(quickActions(page).locator('[data-coming-soon]')).toBeAttached();
    await expect(quickActions(page).getByRole('button', { name: 'Share' })).toBeHidden();
    await expect(quickActions(page).getByRole('button', { name: '★ Rate' })).toBeHidden();
    release();
    await quickActions(page).getByRole('button', { name: 'Share' }).click();
    await expect(toast(page, 'Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}/`);
    await quickActions(page).getByRole('button', { name: '★ Rate' }).click();
    await expect(toast(page, 'Feature coming soon!')).toBeVisible();
  });

  test('person page: the Known For sorts are offered once their script runs', async ({ page, db }) => {
    const person = await db.selectFrom('people').select(['people.id', 'people.name']).where(creditedInPublishedTitle)
      .orderBy('people.id').executeTakeFirstOrThrow();
    const release = await openWithPageModuleHeld(page, `/people/${slugify(person.name)}/${person.id}`);
    const sorts = page.getByRole('group', { name: 'Sort Known For' });
    await expect(page.locator('[data-sort]').first()).toBeAttached();
    await expect(sorts).toBeHidden();
    release();
    await sorts.getByRole('button', { name: 'Top Rated' }).click();
    await expect(sorts.getByRole('button', { name: 'Top Rated' })).toHaveAttribute('aria-pressed', 'true');
  });

  test("movie page: a user's My List and star presses are saved", async ({ page, db }) => {
    const movie = await playableMovie(db, 3);
    const email = await newUser(db);
    await signIn(page, email, PASSWORD);
    await openFresh(page, moviePath(movie));
    await page.getByRole('button', { name: '+ My List' }).click();
    await expect(toast(page, 'Added to My List')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Rate 4 stars' }).click();
    await expect(toast(page, 'You rated this 4 star(s).')).toBeVisible({ timeout: 60_000 });
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await db.selectFrom('user_list_items').select(['list', 'content_tmdb_id']).where('user_id', '=', user.id).execute())
      .toEqual([{ list: 'my_list', content_tmdb_id: movie.tmdb_id }]);
    expect(await db.selectFrom('user_ratings').select(['rating', 'content_tmdb_id']).where('user_id', '=', user.id).execute())
      .toEqual([{ rating: 4, content_tmdb_id: movie.tmdb_id }]);
  });
});

/**
 * A press on a control outside an island (Play, Trailer, Wishlist) that lands after the island has hydrated but before
 * it listens: hydrate() returns at once, and React runs the island's effects, where it starts listening, some tasks
 * later (10 to 170 ms measured on a 6× throttled phone), so a tap can land in between. Here the press is made at
 * that moment exactly: a few microtasks after Astro reports the hydration, before React has rendered anything.
 */
test.describe('a trigger pressed after its island hydrated, before it listens (CPU throttled 6×)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => page.addInitScript(() => sessionStorage.setItem('mobile-app-prompt', 'skipped')));

  /** Opens `path` on a throttled phone; `trigger` is pressed in that window once the island `component` is woken. */
  async function pressAsItHydrates(page: Page, path: string, component: string, trigger: string): Promise<void> {
    await page.addInitScript(({ component, trigger }) => {
      document.addEventListener('astro:hydrate', async (event) => {
        if (!(event.target as Element).getAttribute('component-url')?.includes(component)) return;
        // client:interact resumes within these microtasks; React's rendering and effects take tasks.
        for (let tick = 0; tick < 10; tick++) await null;
        document.querySelector<HTMLElement>(trigger)!.click();
      }, true);
    }, { component, trigger });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(path);
    // A finger resting on the island (say, to scroll) wakes it.
    await page.locator(`astro-island[component-url*="${component}"]`).dispatchEvent('pointerover');
  }

  test('movie page: Play starts the player', async ({ page, db }) => {
    const movie = await playableMovie(db, 4);
    await pressAsItHydrates(page, moviePath(movie), 'MoviePlayer', 'a[data-play="movie"]');
    await expect(page.locator('#player iframe')).toHaveAttribute('title', `${movie.title} player`, { timeout: 60_000 });
  });

  test("TV page: the quick actions' Trailer starts the trailer", async ({ page, db }) => {
    const show = await db.selectFrom('tv_shows').select(['name', 'tmdb_id', 'trailer_key']).where('is_published', '=', true)
      .where('trailer_key', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await pressAsItHydrates(page, `/tv/${slugify(show.name)}/${show.tmdb_id}`, 'TvEpisodes', '.mobile-action-bar [data-play="trailer"]');
    await expect(page.locator('.trailer-panel iframe')).toHaveAttribute('src', new RegExp(`/embed/${show.trailer_key}\\?`), { timeout: 60_000 });
  });

  test("TV page: a visitor's Wishlist asks them to log in", async ({ page, db }) => {
    const show = await db.selectFrom('tv_shows').select(['name', 'tmdb_id']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
    await pressAsItHydrates(page, `/tv/${slugify(show.name)}/${show.tmdb_id}`, 'TitleActions', '.mobile-action-bar [data-list-toggle="wishlist"]');
    await page.waitForURL('**/login', { timeout: 60_000 });
    await expect(page.locator('[data-toaster]').getByText('Please log in to save items to your list.')).toBeVisible();
  });
});
