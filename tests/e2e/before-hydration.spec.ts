/**
 * Nothing done before an island hydrates is lost. On a slow phone (CPU throttled 6x here) a visitor can choose a
 * filter, type or press a button before the island's scripts are there; the site's scripts are held back until the
 * visitor has acted, so the action surely lands on the bare server markup, then released. And the header's
 * controls need no script at all.
 */
import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { creditedInPublishedTitle, listPeople } from '../../src/lib/catalog/people.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { REQUEST_SUBMITTED } from '../../src/lib/personal/client/constants.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Opens `path` on a 6x slower CPU with the site's scripts held; returns the function that lets them load and waits
 * until the island holding `inside` (a selector) has hydrated.
 */
async function openBeforeHydration(page: Page, path: string): Promise<(inside: string) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/_astro/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  // Held module scripts keep DOMContentLoaded back: the markup is there as soon as it is parsed.
  await page.goto(path, { waitUntil: 'commit' });
  return async (inside) => {
    await expect(page.locator(`astro-island[ssr]:has(${inside})`)).toHaveCount(1);
    release();
    await expect(page.locator(`astro-island:not([ssr]):has(${inside})`)).toHaveCount(1, { timeout: 20_000 });
  };
}

test('a Year chosen on /movies before hydration is applied', async ({ page, db }) => {
  const rows = await db.selectFrom('movies').select(sql<number>`extract(year from release_date)::int`.as('year'))
    .where('is_published', '=', true).where('release_date', 'is not', null).execute();
  const used = new Set(rows.map((row) => Number(row.year)));
  const year = Array.from({ length: 50 }, (_, i) => new Date().getUTCFullYear() - i).find((y) => !used.has(y));
  expect(year, 'a recent year without movies').toBeDefined();

  const hydrate = await openBeforeHydration(page, '/movies');
  await page.getByLabel('Year').selectOption(String(year));
  await hydrate('select[name="year"]');
  await expect(page.getByText('No movies found matching your criteria.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/movies\\?year=${year}$`));
  await expect(page.getByLabel('Year')).toHaveValue(String(year));
});

test('the people sort chosen before hydration is applied', async ({ page, db }) => {
  const [first] = (await listPeople(db, 'name', 1)).items;
  expect(first).toBeDefined();
  const hydrate = await openBeforeHydration(page, '/people');
  await page.getByLabel('Sort by').selectOption('name');
  await hydrate('select[name="sort"]');
  await expect(page.getByRole('list', { name: 'People' }).getByRole('link').first()).toContainText(first!.name);
  await expect(page.getByLabel('Sort by')).toHaveValue('name');
});

test('a request typed before hydration is the one sent', async ({ page, db }) => {
  const message = `Typed before hydration ${Date.now()}`;
  const hydrate = await openBeforeHydration(page, '/request');
  await page.getByLabel('What would you like us to add?').fill(message);
  await page.getByLabel('Make this request public').uncheck();
  await hydrate('textarea[name="message"]');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(REQUEST_SUBMITTED)).toBeVisible();
  const saved = await db.selectFrom('requests').select(['message', 'is_public']).where('message', '=', message).executeTakeFirst();
  expect(saved).toEqual({ message, is_public: false });
});

test('a search typed before the search page hydrates is the one searched', async ({ page, db }) => {
  const movie = await db.selectFrom('movies').select('title').where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  const hydrate = await openBeforeHydration(page, '/search');
  await page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox').fill(movie.title);
  await hydrate('input[name="query"]');
  await page.getByRole('search', { name: 'Search the catalogue' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${movie.title}"`);
});

test.describe('on a phone, with the module scripts blocked', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Search button opens the search with its field focused, and Close closes it', async ({ page }) => {
    await page.route('**/_astro/**/*.js', (route) => route.abort());
    await page.goto('/about');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await expect(search).toBeVisible();
    await expect(search.getByRole('searchbox')).toBeFocused();
    await search.getByRole('button', { name: 'Close' }).click();
    await expect(search).toBeHidden();
  });
});

test.describe('with JavaScript off, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the Search link opens the search page', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox')).toBeVisible();
  });

  test('the menu button opens the menu', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Platforms' })).toBeVisible();
  });
});

test("when the browser refuses the site's storage, the page's other scripts still run", async ({ page, db }) => {
  // As a browser that blocks site data: reading either storage throws, which stops the every-page scripts that use it.
  await page.addInitScript(() => {
    for (const name of ['sessionStorage', 'localStorage']) {
      Object.defineProperty(window, name, { get: () => { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });
    }
  });
  const person = await db.selectFrom('people').select(['people.id', 'people.name']).where(creditedInPublishedTitle)
    .orderBy('people.id').executeTakeFirstOrThrow();
  await page.goto(`/people/${slugify(person.name)}/${person.id}`);
  expect(await page.evaluate(() => { try { return typeof sessionStorage; } catch { return 'refused'; } })).toBe('refused');
  const sorts = page.getByRole('group', { name: 'Sort Known For' });
  await sorts.getByRole('button', { name: 'Top Rated' }).click();
  await expect(sorts.getByRole('button', { name: 'Top Rated' })).toHaveAttribute('aria-pressed', 'true');
});
