/**
 * Where to watch, in my country, on my services (issue 37), at phone and desktop size: a visitor picks a region on
 * a title page and sees its offers there; picks services and filters a listing, whose URL then shows the same to
 * anyone; a signed-in user keeps both with the profile, sees them marked on a title page and filters a platform.
 */
import type { Page } from '@playwright/test';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { SERVICE_KINDS } from '../../src/lib/watch/client/offers.ts';
import { signIn } from './support/auth.ts';
import { expect as baseExpect, test } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const DEFAULT_REGION = 'US';
const OTHER_REGION = { code: 'GB', name: 'United Kingdom' };

/** A published movie on services in both regions, with different offers in each. */
async function movieOfferedInBoth(db: Kysely<Database>) {
  return db.selectFrom('movies').select(['movies.id', 'movies.tmdb_id', 'movies.title']).where('is_published', '=', true)
    .where((eb) => eb.and([DEFAULT_REGION, OTHER_REGION.code].map((region) => eb.exists(eb.selectFrom('title_watch_providers')
      .select('title_id').whereRef('title_id', '=', 'movies.id').where('content_type', '=', 'movie').where('region', '=', region)
      .where('kind', 'in', SERVICE_KINDS)))))
    .orderBy('movies.popularity', 'desc').limit(1).executeTakeFirstOrThrow();
}

/** Provider names of a title's offers in a region, by kind label order as the page shows them. */
async function providerNames(db: Kysely<Database>, titleId: number, region: string): Promise<string[]> {
  const rows = await db.selectFrom('title_watch_providers').innerJoin('platforms', 'platforms.id', 'title_watch_providers.platform_id')
    .select('platforms.name').where('content_type', '=', 'movie').where('title_id', '=', titleId).where('region', '=', region).execute();
  return rows.map((row) => row.name).sort();
}

/** The names of the providers the page's offers box shows. */
async function shownProviders(page: Page): Promise<string[]> {
  const items = page.locator('[data-watch-offers] [data-provider-id]');
  return (await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title') ?? ''))).sort();
}

/** Published movies streamed (SERVICE_KINDS) on any of the services in the region. */
async function moviesOnServices(db: Kysely<Database>, region: string, services: number[]): Promise<Set<string>> {
  const rows = await db.selectFrom('movies').select('title').where('is_published', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('title_watch_providers').select('title_id').whereRef('title_id', '=', 'movies.id')
      .where('content_type', '=', 'movie').where('region', '=', region).where('kind', 'in', SERVICE_KINDS).where('platform_id', 'in', services)))
    .execute();
  return new Set(rows.map((row) => row.title));
}

/** Two services streaming in the region, the most titles first. */
async function popularServices(db: Kysely<Database>, region: string) {
  const rows = await db.selectFrom('title_watch_providers').innerJoin('platforms', 'platforms.id', 'title_watch_providers.platform_id')
    .select(['platforms.id', 'platforms.name', sql<number>`count(*)`.as('titles')]).where('region', '=', region)
    .where('kind', 'in', SERVICE_KINDS).groupBy(['platforms.id', 'platforms.name']).orderBy('titles', 'desc').limit(2).execute();
  return rows.map(({ id, name }) => ({ id, name }));
}

const moviePath = (movie: { title: string; tmdb_id: number }) => `/movie/${slugify(movie.title)}/${movie.tmdb_id}`;

test('the prerendered title page shows the default region, the same for everyone, whole without JavaScript', async ({ browser, db }) => {
  const movie = await movieOfferedInBoth(db);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(moviePath(movie));
  const section = page.getByRole('region', { name: 'Where to Watch' });
  await expect(section.getByRole('combobox', { name: 'Region' })).toHaveValue(DEFAULT_REGION);
  expect(await shownProviders(page)).toEqual(await providerNames(db, movie.id, DEFAULT_REGION));
  await expect(section).toContainText('Watch-provider data by JustWatch.');
  await context.close();

  // Whoever asks, with whatever cookies, gets the same HTML.
  const html = async (cookie?: string) => (await (await fetch(`${process.env.E2E_BASE_URL}${moviePath(movie)}`, { headers: cookie ? { cookie } : {} })).text());
  expect(await html('authjs.session-token=anything; region=GB')).toBe(await html());
});

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('a visitor picks a region on a title page, keeps it, and the page does not move', async ({ page, db }) => {
      const movie = await movieOfferedInBoth(db);
      await page.goto(moviePath(movie));
      const section = page.getByRole('region', { name: 'Where to Watch' });
      const region = section.getByRole('combobox', { name: 'Region' });
      await expect(region).toBeEnabled();
      expect(await shownProviders(page)).toEqual(await providerNames(db, movie.id, DEFAULT_REGION));
      const before = await section.boundingBox();
      const after = page.locator('.where-to-watch + *');
      const nextTop = (await after.boundingBox())?.y;

      await region.selectOption(OTHER_REGION.code);
      await expect(page.locator('[data-watch-offers]')).toHaveAttribute('aria-label', `Providers in ${OTHER_REGION.name}`);
      expect(await shownProviders(page)).toEqual(await providerNames(db, movie.id, OTHER_REGION.code));
      expect((await section.boundingBox())?.height).toBe(before?.height);
      expect((await after.boundingBox())?.y).toBe(nextTop);

      // A region where it is offered nowhere says so.
      const nowhere = await db.selectFrom('title_watch_regions').select('region').where('content_type', '=', 'movie')
        .where('title_id', '=', movie.id).execute();
      const absent = ['BR', 'CA', 'DE', 'FR', 'IN', 'JP'].find((code) => !nowhere.some((row) => row.region === code));
      if (absent) {
        await region.selectOption(absent);
        await expect(section.locator('.watch-nowhere')).toHaveText(/^Not available to stream, rent or buy in .+\.$/);
        await region.selectOption(OTHER_REGION.code);
        // As a visitor would: the offers are the chosen region's before the page is reloaded.
        await expect(page.locator('[data-watch-offers]')).toHaveAttribute('aria-label', `Providers in ${OTHER_REGION.name}`);
      }

      await page.reload();
      await expect(page.locator('[data-watch-offers]')).toHaveAttribute('aria-label', `Providers in ${OTHER_REGION.name}`);
      await expect(region).toHaveValue(OTHER_REGION.code);
    });

    test('a visitor picks services, filters Movies by them, and the link shows the same to anyone', async ({ page, db, browser }) => {
      const services = await popularServices(db, OTHER_REGION.code);
      const expected = await moviesOnServices(db, OTHER_REGION.code, services.map((service) => service.id));
      await page.goto('/movies');
      await page.getByRole('checkbox', { name: 'Only on my services' }).click();
      // None picked yet: the picker opens.
      await expect(page.getByRole('status').filter({ hasText: 'Pick the services you pay for, then save them.' })).toBeVisible();
      const picker = page.getByRole('form', { name: 'My region and services' });
      await picker.getByRole('combobox', { name: 'My region' }).selectOption(OTHER_REGION.code);
      for (const service of services) await picker.getByRole('checkbox', { name: service.name, exact: true }).check();
      await picker.getByRole('button', { name: 'Save my services' }).click();

      const ids = services.map((service) => service.id).sort((a, b) => a - b).join(',');
      await expect(page).toHaveURL(new RegExp(`/movies\\?on=${ids.replace(',', '%2C')}&region=${OTHER_REGION.code}$`));
      await expect(page.getByRole('checkbox', { name: 'Only on my services' })).toBeChecked();
      const grid = page.getByRole('list', { name: 'Movies' });
      await expect(page.getByText(`Page 1 of ${Math.ceil(expected.size / 48)}`)).toBeVisible();
      const shown = await grid.locator('.title-card-name').allTextContents();
      expect(shown.length).toBe(Math.min(expected.size, 48));
      expect(shown.filter((title) => !expected.has(title))).toEqual([]);

      // Someone else opening the link sees the same titles.
      const shared = await browser.newPage({ viewport: size.viewport });
      await shared.goto(page.url());
      await expect(shared.getByRole('checkbox', { name: 'Only on my services' })).toBeChecked();
      await expect.poll(async () => shared.getByRole('list', { name: 'Movies' }).locator('.title-card-name').allTextContents()).toEqual(shown);
      await shared.close();

      // The title opened from the list shows the visitor's region, their services marked.
      await grid.getByRole('link').first().click();
      await expect(page.locator('[data-watch-offers]')).toHaveAttribute('aria-label', `Providers in ${OTHER_REGION.name}`);
      const marked = await page.locator('[data-watch-offers] li.on-my-service').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title')));
      expect(marked.length).toBeGreaterThan(0);
      expect(marked.every((name) => services.some((service) => service.name === name))).toBe(true);
    });

    test('a signed-in user keeps a region and services with the profile, and filters a platform by them', async ({ page, db }) => {
      const email = `watcher-${size.name}-${Date.now()}@example.com`;
      await db.insertInto('users').values({ email, password_hash: await hashPassword('watch-pass'), email_confirmed_at: new Date() }).execute();
      const services = await popularServices(db, DEFAULT_REGION);
      await signIn(page, email, 'watch-pass');
      await page.goto('/profile');
      const picker = page.getByRole('form', { name: 'My region and services' });
      await expect(picker.getByRole('combobox', { name: 'My region' })).toHaveValue(DEFAULT_REGION);
      await picker.getByRole('checkbox', { name: services[0]!.name, exact: true }).check();
      await picker.getByRole('button', { name: 'Save my services' }).click();
      await expect(picker.getByRole('status')).toHaveText('Your region and services are saved.');
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      expect(await db.selectFrom('user_watch_services').select('platform_id').where('user_id', '=', user.id).execute())
        .toEqual([{ platform_id: services[0]!.id }]);

      // Another browser of the same user (nothing in its storage) gets them from the profile.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/platforms/${services[0]!.id}/${slugify(services[0]!.name)}`);
      await page.getByRole('checkbox', { name: 'Only on my services' }).click();
      await expect(page).toHaveURL(new RegExp(`\\?on=${services[0]!.id}$`));
      await expect(page.getByRole('list', { name: `${services[0]!.name} titles` }).locator('.title-card').first()).toBeVisible();
      const movie = await movieOfferedInBoth(db);
      await page.goto(moviePath(movie));
      const mine = await db.selectFrom('title_watch_providers').select('platform_id').where('content_type', '=', 'movie')
        .where('title_id', '=', movie.id).where('region', '=', DEFAULT_REGION).where('platform_id', '=', services[0]!.id).execute();
      await expect(page.locator('[data-watch-offers] li.on-my-service')).toHaveCount(mine.length);

      // Picking a region on a title page keeps it with the profile.
      await page.getByRole('combobox', { name: 'Region' }).selectOption(OTHER_REGION.code);
      await expect.poll(async () => (await db.selectFrom('user_preferences').select('watch_region').where('user_id', '=', user.id)
        .executeTakeFirst())?.watch_region).toBe(OTHER_REGION.code);
    });
  });
}
