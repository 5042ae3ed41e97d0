/** Home page below Recently Added: genre rows loaded one after another, app promo, FAQ and newsletter. */
import { expect, test } from './support/fixtures.ts';
import { HOME_MOVIE_GENRE_ROWS, HOME_TV_GENRE_ROWS } from '../../src/lib/catalog/client/genres.ts';

test('home HTML holds only the first genre rows; the others are light placeholders in spec order', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html.length).toBeLessThan(150_000);
  const titles = [...html.matchAll(/<h2 id="home-row-(movie|tv)-(\d+)"[^>]*>([^<]+)<\/h2>/g)].map((m) => `${m[1]}-${m[2]}`);
  const specOrder = [...HOME_MOVIE_GENRE_ROWS.map((g) => `movie-${g.id}`), ...HOME_TV_GENRE_ROWS.map((g) => `tv-${g.id}`)];
  expect(titles.length).toBeGreaterThan(2);
  expect(titles).toEqual(specOrder.filter((key) => titles.includes(key)));
  const placeholders = html.match(/data-lazy-row="\/fragments\/home-rows\/[a-z]+-\d+\/"/g) ?? [];
  expect(placeholders).toHaveLength(titles.length - 2);
});

test('home: genre rows with View More links load one after another', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/fragments/home-rows/')) fetched.push(new URL(request.url()).pathname); });
  await page.goto('/', { waitUntil: 'networkidle' });
  const urls = await page.locator('section[data-lazy-row]').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.lazyRow!));
  expect(fetched.length).toBeLessThan(urls.length); // far-away rows wait for the visitor
  const action = page.getByRole('region', { name: 'Action Movies' });
  await expect(action.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/category/movie/28/action');
  await expect(action.getByRole('listitem').first()).toBeVisible();

  // The last row is a placeholder until the visitor scrolls near it (the rows before it load first).
  const placeholders = page.locator('section[data-lazy-row]');
  expect(await placeholders.count()).toBeGreaterThan(0);
  const name = (await placeholders.last().getByRole('heading').textContent())!;
  const href = (await placeholders.last().getByRole('link', { name: 'View More' }).getAttribute('href'))!;
  expect(href).toMatch(/^\/category\/(movie|tv)\/\d+\/[a-z0-9-]+$/);
  const lastRow = page.getByRole('region', { name, exact: true });
  await lastRow.scrollIntoViewIfNeeded();
  await expect(lastRow.getByRole('list', { name, exact: true }).getByRole('link').first()).toBeVisible();
  await expect(page.locator('section[data-lazy-row]')).toHaveCount(0);
  expect(fetched).toEqual(urls); // each row once, in page order
  await lastRow.getByRole('link', { name: 'View More' }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ (Movies|TV Shows)$/);
});

test('home: newsletter only thanks the subscriber', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('region', { name: 'Subscribe to our newsletter' });
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByText('Thank you for subscribing!')).toHaveCount(0); // the e-mail is required
  await page.waitForLoadState('networkidle'); // the page's own calls (session, view report) are done
  const requests: string[] = [];
  page.on('request', (request) => {
    const sent = ['document', 'fetch', 'xhr'].includes(request.resourceType()) && !request.url().includes('/fragments/home-rows/');
    if (sent) requests.push(request.url());
  });
  await box.getByLabel('Email address').fill('fan@example.com');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByText('Thank you for subscribing!')).toBeVisible();
  expect(requests).toEqual([]);
});

test('home: app promo and FAQ', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Download App' })).toHaveAttribute('href', '/download-app');
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const answer = faq.getByText(/Titles, images and metadata come from a public movie database/);
  await expect(answer).toBeHidden();
  await faq.getByText(/Does .+ host any videos\?/).click();
  await expect(answer).toBeVisible();
});

