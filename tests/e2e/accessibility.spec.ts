/** axe finds no serious or critical violation on any page type, for a visitor and for a signed-in admin. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { creditedInPublishedTitle } from '../../src/lib/catalog/people.ts';

test('no serious or critical accessibility violations', async ({ page, db }) => {
  test.setTimeout(120_000); // axe on a dozen page types
  const movie = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  const show = await db.selectFrom('tv_shows').select(['tmdb_id', 'name']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  const person = await db.selectFrom('people').select(['id', 'name']).where(creditedInPublishedTitle).orderBy('id').executeTakeFirstOrThrow();
  const paths = ['/', `/movie/${slugify(movie.title)}/${movie.tmdb_id}`, `/tv/${slugify(show.name)}/${show.tmdb_id}`,
    `/people/${slugify(person.name)}/${person.id}`, '/people', '/platforms', '/movies', `/search?query=${encodeURIComponent(movie.title)}`, '/about', '/download-app', '/login', '/signup', '/reset-password?token=x', '/request', '/tv-shows', '/category/movie/28/action', '/no-such-page'];
  expect(await violationsOn(page, paths)).toEqual([]);
});

test('no serious or critical accessibility violations on the calendar and unsubscribe pages, for a visitor', async ({ page }) => {
  expect(await violationsOn(page, ['/calendar', '/unsubscribe?token=x'])).toEqual([]);
});

test('no serious or critical accessibility violations on the signed-in pages', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@example.com', 'admin12345');
  expect(await violationsOn(page, ['/', '/my-list', '/wishlist', '/recommendations', '/calendar', '/profile', '/admin'])).toEqual([]);
});

async function violationsOn(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    if (path.startsWith('/search')) await expect(page.getByRole('heading', { name: /^Results for/ })).toBeVisible();
    if (path === '/admin') await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.waitForLoadState('load');
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0); // session resolved
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
      problems.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} → ${targets}`);
    }
  }
  return problems;
}
