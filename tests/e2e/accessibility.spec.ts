/** axe finds no serious or critical violation on the main page types. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures.ts';
import { slugify } from '../../src/lib/catalog/slug.ts';
import { creditedInPublishedTitle } from '../../src/lib/catalog/people.ts';

test('no serious or critical accessibility violations', async ({ page, db }) => {
  test.setTimeout(120_000); // axe on a dozen page types
  const movie = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  const show = await db.selectFrom('tv_shows').select(['tmdb_id', 'name']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  const person = await db.selectFrom('people').select(['id', 'name']).where(creditedInPublishedTitle).orderBy('id').executeTakeFirstOrThrow();
  const paths = ['/', `/movie/${slugify(movie.title)}/${movie.tmdb_id}`, `/tv/${slugify(show.name)}/${show.tmdb_id}`,
    `/people/${slugify(person.name)}/${person.id}`, '/people', '/platforms', '/movies', `/search?query=${encodeURIComponent(movie.title)}`, '/about', '/download-app', '/login', '/no-such-page'];
  const problems: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    if (path !== '/no-such-page' && response?.status() === 404) continue; // a page another part of the site has not built yet
    if (path.startsWith('/search')) await expect(page.getByRole('heading', { name: /^Results for/ })).toBeVisible();
    await page.waitForLoadState('load');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
      problems.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} → ${targets}`);
    }
  }
  expect(problems).toEqual([]);
});
