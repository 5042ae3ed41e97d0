import AxeBuilder from '@axe-core/playwright';
import { sql } from 'kysely';
import { expect, test } from './support/fixtures.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';

const PAGE_SIZE = 48;

test.describe('Movies list', () => {
  test('first page in the HTML, Next goes to page 2 and back', async ({ page, db }) => {
    const newest = await db.selectFrom('movies').select('title').where('is_published', '=', true)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PAGE_SIZE + 1).execute();
    const { total } = await db.selectFrom('movies').select((eb) => eb.fn.countAll<number>().as('total'))
      .where('is_published', '=', true).executeTakeFirstOrThrow();
    const pages = Math.ceil(Number(total) / PAGE_SIZE);
    expect(pages).toBeGreaterThan(1);

    await page.goto('/movies');
    await expect(page).toHaveTitle(/^Movies – /);
    await expect(page.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured movie' })).toBeVisible();
    const grid = page.getByRole('list', { name: 'Movies', exact: true });
    await expect(grid.getByRole('listitem')).toHaveCount(PAGE_SIZE);
    await expect(grid.getByRole('link').first()).toContainText(newest[0]!.title);
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/movies\?page=2$/);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(grid.getByRole('link').first()).toContainText(newest[PAGE_SIZE]!.title);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/movies$/);
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
  });

  test('changing a filter resets to page 1 and puts the filter in the URL', async ({ page, db }) => {
    const best = await db.selectFrom('movies').select('title').where('is_published', '=', true)
      .orderBy(sql`vote_average desc nulls last, id desc`).executeTakeFirstOrThrow();
    await page.goto('/movies?page=3');
    await expect(page.getByText(/^Page 3 of \d+$/)).toBeVisible();
    await page.getByLabel('Sort').selectOption({ label: 'Top Rated' });
    await expect(page).toHaveURL(/\/movies\?sort=top-rated$/);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Movies', exact: true }).getByRole('link').first()).toContainText(best.title);
  });

  test('a filter with no result shows the empty message', async ({ page, db }) => {
    const empty = await emptyGenreYear(db, 'movie');
    await page.goto(`/movies?genre=${empty.genreId}`);
    await page.getByLabel('Year').selectOption(String(empty.year));
    await expect(page.getByText('No movies found matching your criteria.', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Page \d+ of/)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`genre=${empty.genreId}&year=${empty.year}$`));
  });

  test('a page past the last one keeps the current list', async ({ page }) => {
    await page.goto('/movies?page=999');
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Movies', exact: true }).getByRole('listitem')).toHaveCount(PAGE_SIZE);
    await expect(page).toHaveURL(/\/movies$/);
  });
});

test.describe('TV Shows list', () => {
  test('pages, genre filter and the empty message', async ({ page, db }) => {
    const { total } = await db.selectFrom('tv_shows').select((eb) => eb.fn.countAll<number>().as('total'))
      .where('is_published', '=', true).executeTakeFirstOrThrow();
    await page.goto('/tv-shows');
    await expect(page.getByRole('heading', { level: 1, name: 'TV Shows' })).toBeVisible();
    await expect(page.getByText(`Page 1 of ${Math.ceil(Number(total) / PAGE_SIZE)}`)).toBeVisible();

    const drama = await db.selectFrom('tv_show_genres').innerJoin('tv_shows', 'tv_shows.id', 'tv_show_genres.tv_show_id')
      .select((eb) => eb.fn.countAll<number>().as('n')).where('genre_id', '=', 18).where('is_published', '=', true).executeTakeFirstOrThrow();
    await page.getByLabel('Genre').selectOption({ label: 'Drama' });
    await expect(page).toHaveURL(/\/tv-shows\?genre=18$/);
    await expect(page.getByRole('list', { name: 'TV Shows', exact: true }).getByRole('listitem')).toHaveCount(Math.min(Number(drama.n), PAGE_SIZE));

    const empty = await emptyGenreYear(db, 'tv');
    await page.goto(`/tv-shows?genre=${empty.genreId}&year=${empty.year}`);
    await expect(page.getByText('No TV shows found matching your criteria.', { exact: true })).toBeVisible();
  });
});

test('category page: Newest first, then Top Rated', async ({ page, db }) => {
  const action = db.selectFrom('movie_genres').innerJoin('movies', 'movies.id', 'movie_genres.movie_id')
    .select('movies.title').where('genre_id', '=', 28).where('is_published', '=', true);
  const newest = await action.orderBy(sql`release_date desc nulls last, movies.id desc`).executeTakeFirstOrThrow();
  const best = await action.orderBy(sql`vote_average desc nulls last, movies.id desc`).executeTakeFirstOrThrow();
  await page.goto('/category/movie/28/action');
  await expect(page).toHaveTitle(/^Action Movies – /);
  const grid = page.getByRole('list', { name: 'Action Movies' });
  await expect(grid.getByRole('link').first()).toContainText(newest.title);
  await expect(page.getByLabel('Genre')).toHaveCount(0);
  await page.getByLabel('Sort').selectOption({ label: 'Top Rated' });
  await expect(page).toHaveURL(/\/category\/movie\/28\/action\?sort=top-rated$/);
  await expect(grid.getByRole('link').first()).toContainText(best.title);

  const empty = await emptyGenreYear(db, 'movie'); // an empty year for Action
  await page.getByLabel('Year').selectOption(String(empty.year));
  await expect(page).toHaveURL(new RegExp(`/category/movie/28/action\\?sort=top-rated&year=${empty.year}$`));
  await expect(page.getByText('No items found in this category.', { exact: true })).toBeVisible();
});

test('franchise page lists its published movies', async ({ page, db }) => {
  const collection = await db.selectFrom('collections').innerJoin('movies', 'movies.collection_id', 'collections.id')
    .select(['collections.id', 'collections.name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('movies.is_published', '=', true).groupBy(['collections.id', 'collections.name']).orderBy('collections.id')
    .executeTakeFirstOrThrow();
  await page.goto(`/franchise/${collection.id}/${slugify(collection.name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(collection.name);
  await expect(page.getByRole('list', { name: `${collection.name} movies` }).getByRole('listitem')).toHaveCount(Number(collection.n));
});

test('browse endpoint: cacheable answers, 400 for bad input, 416 past the last page', async ({ request }) => {
  const ok = await request.get('/api/catalog/browse?type=tv&sort=top-rated');
  expect(ok.status()).toBe(200);
  expect(ok.headers()['cache-control']).toBe('public, max-age=300');
  const body = await ok.json();
  expect(body).toMatchObject({ page: 1, totalPages: expect.any(Number), total: expect.any(Number) });
  expect(body.items[0]).toMatchObject({ type: 'tv' });
  const bad = await request.get('/api/catalog/browse?type=movie&year=1900');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatch(/year must be between 1975 and/);
  expect((await request.get('/api/catalog/browse?type=movie&page=999')).status()).toBe(416);
});

test('list, category, franchise and home pages: no page errors, no serious accessibility violations', async ({ page, db }) => {
  test.slow(); // axe over every list page type
  const collection = await db.selectFrom('collections').innerJoin('movies', 'movies.collection_id', 'collections.id')
    .select(['collections.id', 'collections.name']).where('movies.is_published', '=', true).orderBy('collections.id').executeTakeFirstOrThrow();
  const errors: string[] = [];
  let current = '';
  page.on('pageerror', (error) => errors.push(`${current}: ${error.message}`));
  page.on('console', (message) => {
    // Titles imported from the (fake) TMDB by the admin tests use TMDB's image host, which does not resolve
    // offline; the page shows its 'Image Error' placeholder for them, which other tests check.
    if (message.type() === 'error' && !message.text().includes('net::ERR_NAME_NOT_RESOLVED')) errors.push(`${current}: ${message.text()}`);
  });
  const problems: string[] = [];
  const paths = ['/movies?page=2', '/tv-shows', '/category/tv/18/drama?sort=top-rated', `/franchise/${collection.id}/${slugify(collection.name)}`, '/'];
  for (const path of paths) {
    current = path;
    await page.goto(path);
    if (path === '/') {
      await page.getByRole('region', { name: 'Subscribe to our newsletter' }).scrollIntoViewIfNeeded();
      await expect(page.locator('section[data-home-row]')).toHaveCount(0);
    } else {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (!path.startsWith('/franchise')) await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
    }
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(`${path}: ${v.id} ${v.help} → ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    }
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});

/** A genre and year (1975 to now) with no published titles of the type, to reach the empty message. */
async function emptyGenreYear(db: import('kysely').Kysely<import('../../db/schema.ts').Database>, type: 'movie' | 'tv') {
  const genreId = type === 'movie' ? 28 : 10759;
  const rows = type === 'movie'
    ? await db.selectFrom('movie_genres').innerJoin('movies', 'movies.id', 'movie_genres.movie_id')
      .select(sql<number>`extract(year from release_date)::int`.as('year')).where('genre_id', '=', genreId)
      .where('is_published', '=', true).where('release_date', 'is not', null).execute()
    : await db.selectFrom('tv_show_genres').innerJoin('tv_shows', 'tv_shows.id', 'tv_show_genres.tv_show_id')
      .select(sql<number>`extract(year from first_air_date)::int`.as('year')).where('genre_id', '=', genreId)
      .where('is_published', '=', true).where('first_air_date', 'is not', null).execute();
  const used = new Set(rows.map((r) => Number(r.year)));
  for (let year = new Date().getUTCFullYear(); year >= 1975; year--) if (!used.has(year)) return { genreId, year };
  throw new Error(`every year has ${type} titles in genre ${genreId}`);
}
