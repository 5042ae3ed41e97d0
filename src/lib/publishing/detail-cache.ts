/**
 * Netlify serves a deploy's files from its CDN before any function, so a prerendered page cannot be taken down
 * without a deploy. There the movie, show and person pages are not prerendered: they are rendered on demand by the
 * [...fallback].astro routes and kept in Netlify's durable CDN cache (Astro's route cache with cacheNetlify(),
 * astro.config.mjs), tagged so that an admin write purges them all at once (catalogue-changes.ts). A change made
 * outside the admin panel (the CLI import, a restore from the command line) shows when the cached copy expires.
 * The Node build stays fully static.
 */
import type { APIContext } from 'astro';
import { targetsNetlify } from '../settings.ts';

/** The tag of every cached detail page. */
export const DETAIL_PAGES_TAG = 'detail-pages';
/** How long the CDN keeps a detail page that no admin write purged. */
export const CDN_MAX_AGE_S = 300;

/** Keeps an on-demand detail page in the CDN's cache, purged by the next admin write; browsers revalidate every time. */
export function cacheDetailPage(cache: APIContext['cache'], headers: Headers): void {
  headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
  cache.set({ maxAge: CDN_MAX_AGE_S, tags: [DETAIL_PAGES_TAG] });
}

/** The detail route's getStaticPaths: its pages on the Node build, none on Netlify (rendered on demand there). */
export async function prerenderedDetailPaths<Path>(paths: () => Promise<Path[]>): Promise<Path[]> {
  return targetsNetlify() ? [] : paths();
}

/**
 * What the admin panel says after an unpublish or delete of `count` titles: when their pages will be gone. `cdnCache`:
 * the request's route cache is on (Netlify); otherwise the pages come from the Node server's gate or are rendered live.
 */
export function takedownNotice(count: number, cdnCache: boolean): string {
  return cdnCache
    ? `${count} item(s) purged from Netlify's CDN: their pages answer "not found" within seconds. Listings follow after the rebuild.`
    : `${count} item(s) offline now: their pages answer "not found". Listings follow after the rebuild.`;
}
