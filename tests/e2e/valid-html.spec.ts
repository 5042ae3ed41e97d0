/**
 * Valid HTML on every page type (issue 36): one page of each route in src/pages, fetched from the built server as a
 * browser gets it, checked with html-validate's recommended rules as .htmlvalidate.mjs keeps them. A new route fails
 * the first test until it has a page here.
 */
import { readdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
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

/** Checked where they are served: the ad frame only with an ad network (ad-frame.spec.ts); rows are fragments of a page. */
const ELSEWHERE = ['ad-frame.astro', 'fragments/home-rows/[row].astro', 'fragments/more-like-this/[type]/[tmdbId].astro'];

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

  /** A lazy row's fragment, where LazyTitleRow.script.ts puts it: in place of the row's section, in the page's main. */
  async function checkFragmentOf(request: APIRequestContext, pagePath: string, route: string) {
    const html = await (await request.get(pagePath)).text();
    const fragment = /data-lazy-row="([^"]+)"/.exec(html)?.[1];
    expect(fragment, `${pagePath} has a row loaded as a fragment`).toBeDefined();
    const row = await (await request.get(fragment!)).text();
    const page = `<!DOCTYPE html><html lang="en"><head><title>Row</title></head><body><main>${row}</main></body></html>`;
    expect(await htmlProblems(page, route)).toEqual([]);
  }

  test('fragments/home-rows/[row].astro, in the page it joins', async ({ request }) => {
    await checkFragmentOf(request, '/', 'fragments/home-rows/[row].astro');
  });

  test('fragments/more-like-this/[type]/[tmdbId].astro, in the page it joins', async ({ request }) => {
    await checkFragmentOf(request, sitemap.find((entry) => IN_SITEMAP['movie/[slug]/[tmdbId].astro']!.test(entry))!, 'fragments/more-like-this/[type]/[tmdbId].astro');
  });
});
