import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';

async function publishedMovie(db: Parameters<Parameters<typeof test>[2]>[0]['db']) {
  return db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
}

test.describe('search', () => {
  test('an empty search page prompts, and a blank header search does nothing', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('Start typing to search your favorite shows and movies.')).toBeVisible();
    const field = page.getByRole('searchbox', { name: 'Search' }).first();
    const entries = await page.evaluate(() => history.length);
    await field.fill('   ');
    await field.press('Enter');
    // A search after it navigates once: had the blank one gone anywhere, there would be two new history entries.
    await field.fill('harbor');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=harbor$/);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  });

  test('the header field searches and shows the results heading and matching titles', async ({ page, db }) => {
    const movie = await publishedMovie(db);
    await page.goto('/about');
    await page.getByPlaceholder('Search by title...').first().fill(`  ${movie.title} `);
    await page.getByPlaceholder('Search by title...').first().press('Enter');
    await expect(page).toHaveURL(/\/search\?query=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${movie.title}"`);
    const results = page.getByRole('list', { name: 'Movies and TV shows' });
    await expect(results.getByRole('link').filter({ hasText: movie.title }).first()).toHaveAttribute('href', `/movie/${slugify(movie.title)}/${movie.tmdb_id}`);
  });

  test('the search page has its own field, prefilled; submitting it updates the results and the URL', async ({ page, db }) => {
    const movie = await publishedMovie(db);
    await page.goto('/search?query=qqzzxxkkvv');
    const field = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox');
    await expect(field).toHaveValue('qqzzxxkkvv');
    await expect(field).toHaveAttribute('placeholder', 'Search by title...');
    await expect(page.getByText('No results found for "qqzzxxkkvv".')).toBeVisible();
    await field.fill(` ${movie.title} `);
    await page.getByRole('search', { name: 'Search the catalogue' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${movie.title}"`);
    expect(new URL(page.url()).searchParams.get('query')).toBe(movie.title);
    await expect(page.getByRole('list', { name: 'Movies and TV shows' }).getByRole('link').filter({ hasText: movie.title }).first()).toBeVisible();
    // A blank submit keeps the current results and URL.
    await field.fill('   ');
    await field.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${movie.title}"`);
    expect(new URL(page.url()).searchParams.get('query')).toBe(movie.title);
  });

  test('no results shows the message', async ({ page }) => {
    await page.goto('/search?query=qqzzxxkkvv');
    await expect(page.getByText('No results found for "qqzzxxkkvv".')).toBeVisible();
  });

  test('12 skeletons show while the results load', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/search?**', async (route) => { await held; await route.continue(); });
    await page.goto('/search?query=the');
    await expect(page.getByRole('list', { name: 'Loading results' }).locator('.skeleton-card')).toHaveCount(12);
    release();
    await expect(page.getByRole('list', { name: 'Loading results' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Results for "the"' })).toBeVisible();
  });

  test('on a phone the Search button opens a full-screen search form', async ({ page, db }) => {
    const movie = await publishedMovie(db);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByPlaceholder('Search by title...').first()).toBeHidden();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('searchbox')).toBeFocused();
    await overlay.getByRole('searchbox').fill(movie.title);
    await overlay.getByRole('searchbox').press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${movie.title}"`);
  });

  test('on a phone whose browser has no invoker commands, the Search control still leads to a search', async ({ page, db }) => {
    const movie = await publishedMovie(db);
    // As Chromium before 135, Firefox before 144, Safari before 26.2: no command properties, and a button's
    // commandfor does nothing (its click is the button's only action).
    await page.addInitScript(() => {
      for (const name of ['command', 'commandForElement']) Reflect.deleteProperty(HTMLButtonElement.prototype, name);
      document.addEventListener('click', (event) => {
        if ((event.target as Element).closest('[commandfor]')) event.preventDefault();
      }, true);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await expect(page.getByPlaceholder('Search by title...').first()).toBeHidden();
    await page.getByRole('link', { name: 'Search', exact: true }).or(page.getByRole('button', { name: 'Search', exact: true })).click();
    const field = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox');
    await field.fill(movie.title);
    await field.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${movie.title}"`);
  });
});

test.describe('detail fallbacks', () => {
  test('a stale slug moves permanently to the canonical URL', async ({ page, db }) => {
    const movie = await publishedMovie(db);
    const canonical = `/movie/${slugify(movie.title)}/${movie.tmdb_id}`;
    const response = await page.request.get(`/movie/an-old-title/${movie.tmdb_id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers().location!, 'http://x').pathname).toBe(canonical);
    await page.goto(`/movie/an-old-title/${movie.tmdb_id}`);
    await expect(page).toHaveURL(canonical);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(movie.title);
  });

  test('unknown ids and drafts show the red message with status 404', async ({ page, db }) => {
    const draft = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', false).executeTakeFirstOrThrow();
    for (const [path, message] of [
      ['/movie/nothing/987654321', 'Movie not found.'],
      [`/movie/${slugify(draft.title)}/${draft.tmdb_id}`, 'Movie not found.'],
      ['/movie', 'No movie ID provided.'],
      ['/tv/nothing/987654321', 'TV show not found.'],
      ['/people/nobody/987654321', 'Actor not found.'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(page.getByRole('alert')).toHaveCSS('color', 'rgb(216, 58, 58)');
    }
  });

  test('an unknown page is the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test('info pages have their titles, the footer links them', async ({ page }) => {
  for (const [path, title] of [['/about', 'About'], ['/contact', 'Contact'], ['/dmca', 'DMCA'], ['/privacy', 'Privacy'],
    ['/disclaimer', 'Disclaimer'], ['/donate', 'Donate'], ['/download-app', 'Download App']] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(new RegExp(`^${title} – `));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page.getByRole('main')).toContainText('Offline downloads');
  await page.goto('/about');
  await expect(page.getByRole('main')).toContainText('college project');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const name of ['Movies', 'TV Shows', 'Platforms', 'People', 'Request', 'About', 'Contact', 'Download App', 'DMCA', 'Privacy', 'Disclaimer', 'Donate']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Social media' }).getByRole('link')).not.toHaveCount(0);
});

test.describe('global behaviour', () => {
  test('back-to-top appears after scrolling past 300 px and scrolls up', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 300));
    // An observer of our own on the same threshold: by its first callback, the page's observer has seen this scroll.
    await page.evaluate(() => new Promise<void>((resolve) => {
      const observer = new IntersectionObserver(() => { observer.disconnect(); resolve(); });
      observer.observe(document.querySelector('[data-back-to-top-threshold]')!);
    }));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 301));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test('toasts dismiss on X; the context menu is disabled', async ({ page }) => {
    // What toastAfterNavigation leaves for the next page, in place before that page's scripts run.
    await page.addInitScript(() => sessionStorage.setItem('pending-toast', JSON.stringify({ message: 'Hello toast', kind: 'success' })));
    await page.goto('/about');
    const toast = page.getByRole('status').filter({ hasText: 'Hello toast' });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
    const prevented = await page.evaluate(() => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.querySelector('main')!.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
  });

  test('a failed image shows the Image Error placeholder', async ({ page }) => {
    await page.route('**/art/poster/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/');
    const failed = page.getByRole('region', { name: 'Recently Added Movies' }).getByRole('img', { name: 'Image Error' }).first();
    await expect(failed).toBeVisible();
    // The placeholder picture itself says so, and the element is still the island-safe <img>.
    expect(decodeURIComponent(await failed.getAttribute('src') ?? '')).toContain('>Image Error</text>');
  });

  test('sitemap and robots', async ({ page, db }) => {
    const movie = await publishedMovie(db);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`/movie/${slugify(movie.title)}/${movie.tmdb_id}</loc>`);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /api/');
  });
});

test.describe('mobile app prompt', () => {
  // Playwright's browser is automated (navigator.webdriver), which the prompt leaves alone; act as a person.
  async function asPhoneVisitor(page: Page) {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
    await page.setViewportSize({ width: 390, height: 844 });
  }

  test('shows once per session, with dot navigation and keyboard focus inside', async ({ page }) => {
    await asPhoneVisitor(page);
    await page.goto('/');
    const prompt = page.getByRole('dialog', { name: 'Get the app' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('heading', { name: 'Optimised for your device' })).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Next' })).toBeFocused();
    await prompt.getByRole('button', { name: /^Slide 3/ }).click();
    await expect(prompt.getByRole('heading', { name: 'Enhanced features' })).toBeVisible();
    await expect(prompt.getByRole('link', { name: 'Google Play' })).toBeVisible();
    await prompt.getByRole('button', { name: /^Slide 2/ }).click();
    await expect(prompt.getByRole('heading', { name: 'Offline downloads' })).toBeVisible();
    await page.goto('/about');
    await page.waitForLoadState('load');
    await expect(page.getByRole('dialog', { name: 'Get the app' })).toBeHidden();
  });

  test('skipping closes it and is remembered for the session', async ({ page }) => {
    await asPhoneVisitor(page);
    await page.goto('/about');
    const prompt = page.getByRole('dialog', { name: 'Get the app' });
    await prompt.getByRole('link', { name: 'No thanks, continue to website' }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('mobile-app-prompt'))).toBe('skipped');
    await page.reload();
    await page.waitForLoadState('load');
    await expect(page.getByRole('dialog', { name: 'Get the app' })).toBeHidden();
  });

  test('it is open in the first paint: before the page content is parsed', async ({ page }) => {
    await asPhoneVisitor(page);
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('main')) return;
        observer.disconnect();
        document.documentElement.dataset.promptOpenAtMain = String(document.querySelector<HTMLDialogElement>('dialog.mobile-prompt')?.open);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/about');
    await expect(page.getByRole('dialog', { name: 'Get the app' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.promptOpenAtMain)).toBe('true');
  });

  test('a desktop window 768 px wide and an automated browser do not see it', async ({ page }) => {
    const promptAfterLoad = async () => {
      await page.goto('/about');
      await page.waitForLoadState('load');
      await expect(page.getByRole('dialog', { name: 'Get the app' })).toBeHidden();
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true); // Next's autofocus waits for the dialog
    };
    await page.setViewportSize({ width: 390, height: 844 });
    await promptAfterLoad(); // automated
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
    await page.setViewportSize({ width: 768, height: 900 });
    await promptAfterLoad();
  });

  test.describe('on a phone agent', () => {
    test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', viewport: { width: 1024, height: 768 } });

    test('it shows whatever the width', async ({ page }) => {
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
      await page.goto('/about');
      await expect(page.getByRole('dialog', { name: 'Get the app' })).toBeVisible();
    });
  });
});

test('visited pages work offline through the service worker', async ({ page, context }) => {
  await page.goto('/about');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // now controlled by the worker, which stores the page
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/About/);
  await context.setOffline(false);
});
