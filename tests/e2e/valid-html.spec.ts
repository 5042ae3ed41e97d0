/**
 * Valid HTML on every page type (issue 36): one page of each route in src/pages, fetched from the built server as a
 * browser gets it, checked with html-validate's recommended rules as .htmlvalidate.mjs keeps them. A new route fails
 * the first test until it has a page here.
 */
import { readdirSync } from 'node:fs';
import { expect, test } from './support/fixtures.ts';
import { htmlProblems } from './support/valid-html.ts';

const PAGES_DIR = 'src/pages';

/** Routes at a fixed address, and the on-demand answers for addresses no page has. */
const FIXED: Record<string, string> = {
  '404.astro': '/no-such-page-here',
  'about.astro': '/about',
  'admin.astro': '/admin',
  'calendar.astro': '/calendar',
  'confirm-email.astro': '/confirm-email?token=not-a-real-token',
  'contact.astro': '/contact',
  'disclaimer.astro': '/disclaimer',
  'dmca.astro': '/dmca',
  'donate.astro': '/donate',
  'download-app.astro': '/download-app',
  'embed/[...path].astro': '/embed/movie/900001',
  'index.astro': '/',
  'login.astro': '/login',
  'movie/[...fallback].astro': '/movie/nothing/987654321',
  'movies.astro': '/movies',
  'my-list.astro': '/my-list',
  'people.astro': '/people',
  'people/[...fallback].astro': '/people/nobody/987654321',
  'platforms.astro': '/platforms',
  'privacy.astro': '/privacy',
  'profile.astro': '/profile',
  'recommendations.astro': '/recommendations',
  'request.astro': '/request',
  'reset-password.astro': '/reset-password',
  'search.astro': '/search',
  'signup.astro': '/signup',
  'tv-shows.astro': '/tv-shows',
  'tv/[...fallback].astro': '/tv/nothing/987654321',
  'unsubscribe.astro': '/unsubscribe?token=not-a-real-token',
  'wishlist.astro': '/wishlist',
};

/** Prerendered routes with parameters: the first of their pages in the sitemap. */
const IN_SITEMAP: Record<string, RegExp> = {
  'category/[type]/[genreId]/[slug].astro': /^\/category\/(movie|tv)\/\d+\/[^/]+$/,
  'franchise/[id]/[slug].astro': /^\/franchise\/\d+\/[^/]+$/,
  'movie/[slug]/[tmdbId].astro': /^\/movie\/[^/]+\/\d+$/,
  'people/[slug]/[id].astro': /^\/people\/[^/]+\/\d+$/,
  'platforms/[id]/[slug].astro': /^\/platforms\/\d+\/[^/]+$/,
  'tv/[slug]/[tmdbId].astro': /^\/tv\/[^/]+\/\d+$/,
};

/** Checked where they are served: the ad frame only with an ad network (ad-frame.spec.ts); a home row is a fragment. */
const ELSEWHERE = ['ad-frame.astro', 'fragments/home-rows/[row].astro'];

test('every page route has a page to validate', () => {
  const routes = readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.astro')).sort();
  expect(routes).toEqual([...Object.keys(FIXED), ...Object.keys(IN_SITEMAP), ...ELSEWHERE].sort());
});

test.describe('html-validate finds nothing', () => {
  let sitemap: string[] = [];
  test.beforeAll(async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    sitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  });

  for (const [route, path] of Object.entries(FIXED)) {
    test(`${route} (${path})`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(await htmlProblems(html, route)).toEqual([]);
    });
  }

  for (const [route, pattern] of Object.entries(IN_SITEMAP)) {
    test(route, async ({ request }) => {
      const path = sitemap.find((entry) => pattern.test(entry));
      expect(path, `a page of ${route} in the sitemap`).toBeDefined();
      const html = await (await request.get(path!)).text();
      expect(await htmlProblems(html, route)).toEqual([]);
    });
  }

  test('a home row fragment, in the page it joins', async ({ request }) => {
    const home = await (await request.get('/')).text();
    const fragment = /data-home-row="([^"]+)"/.exec(home)?.[1];
    expect(fragment, 'a home row loaded as a fragment').toBeDefined();
    const row = await (await request.get(fragment!)).text();
    // What HomeGenreRows.astro does with it: the fragment's section replaces a placeholder in the home page's main.
    const page = `<!DOCTYPE html><html lang="en"><head><title>Home</title></head><body><main>${row}</main></body></html>`;
    expect(await htmlProblems(page, 'fragments/home-rows/[row].astro')).toEqual([]);
  });
});
