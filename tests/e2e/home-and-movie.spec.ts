import { expect, test } from './support/fixtures.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';

test('home shows the hero and the Recently Added rows from the database', async ({ page, db }) => {
  const newest = await db.selectFrom('movies').select('title').where('is_published', '=', true)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await page.goto('/');
  await expect(page).toHaveTitle(/^Home – /);
  await expect(page.getByRole('region', { name: 'Featured movies' })).toBeVisible();
  const moviesRow = page.getByRole('region', { name: 'Recently Added Movies' });
  await expect(moviesRow.getByRole('link').filter({ hasText: newest.title }).first()).toBeVisible();
  await expect(moviesRow.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByRole('region', { name: 'Recently Added Shows' }).getByRole('listitem')).toHaveCount(20);
  await expect(moviesRow.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/movies');
});

test('drafts never appear on the home page', async ({ page, db }) => {
  const draft = await db.selectFrom('movies').select('title').where('is_published', '=', false).executeTakeFirstOrThrow();
  await page.goto('/');
  await expect(page.getByRole('main')).not.toContainText(draft.title);
});

test('movie page: details, and the player island turns the poster into an embedded frame', async ({ page, db }) => {
  const movie = await db.selectFrom('movies').select(['tmdb_id', 'title', 'runtime', 'stream_url'])
    .where('is_published', '=', true).where('stream_url', 'is not', null).where('runtime', 'is not', null)
    .orderBy('id').executeTakeFirstOrThrow();
  await page.goto(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(movie.title);
  await expect(page.getByText(`${movie.runtime} min`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Full Movie' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: /^Play movie/ }).click();
  const frame = page.locator('#player iframe');
  await expect(frame).toHaveAttribute('src', movie.stream_url!);
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).not.toHaveAttribute('sandbox', /allow-popups/);
  await expect(page.frameLocator('#player iframe').getByText(/Demo player/)).toBeVisible();
});

test('a movie without a stream link defaults to the trailer and has no Play Movie button', async ({ page, db }) => {
  const movie = await db.selectFrom('movies').select(['tmdb_id', 'title'])
    .where('is_published', '=', true).where('stream_url', 'is', null).where('trailer_key', 'is not', null)
    .orderBy('id').executeTakeFirstOrThrow();
  await page.goto(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`);
  await expect(page.getByRole('button', { name: 'Trailer', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: /Play Movie/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Full Movie' })).toBeDisabled();
});

test("a title page's lead image is preloaded and painted with its frame; images further down wait", async ({ page, db }) => {
  const movie = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true)
    .where('backdrop_path', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  await page.goto(`/movie/${slugify(movie.title)}/${movie.tmdb_id}`);
  const backdrop = page.locator('.title-backdrop img');
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  expect(await preload.getAttribute('href')).toBe(await backdrop.getAttribute('src'));
  await expect(backdrop).toHaveAttribute('loading', 'eager');
  await expect(backdrop).not.toHaveAttribute('decoding', /./); // async would let the browser paint it frames later
  const further = page.locator('main img[loading="lazy"]');
  expect(await further.count()).toBeGreaterThan(0);
  for (const image of await further.all()) await expect(image).toHaveAttribute('decoding', 'async');
});
