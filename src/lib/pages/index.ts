/**
 * Every catalogue page kind, each with its route's URL pattern: what the publishing tests and benchmarks enumerate.
 * tests/unit/catalogue-pages.test.ts keeps this list and the routes under src/pages the same.
 */
import type { CataloguePage, Params } from './catalogue-page.ts';
import { moviePage, personPage, tvPage } from './detail-pages.ts';
import { homePage, homeRowPage } from './home-pages.ts';
import { categoryPage, franchisePage, moviesPage, peoplePage, platformPage, platformsPage, tvShowsPage } from './listing-pages.ts';
import { moreLikeThisPage } from './more-like-this-page.ts';
import { sitemapPage, sitemapPartPage } from './sitemap-pages.ts';

export const CATALOGUE_PAGES: readonly CataloguePage<Params, unknown>[] = [
  homePage, homeRowPage, moviesPage, tvShowsPage, peoplePage, platformsPage,
  moviePage, tvPage, personPage, categoryPage, franchisePage, platformPage,
  moreLikeThisPage, sitemapPage, sitemapPartPage,
];
