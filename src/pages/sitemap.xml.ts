import type { APIRoute } from 'astro';
import { getDb } from '../lib/db.ts';
import { renderSitemap, sitemapEntries } from '../lib/catalog/sitemap.ts';

/** Prerendered at build time, like the pages it lists. */
export const GET: APIRoute = async ({ site }) =>
  new Response(renderSitemap(await sitemapEntries(await getDb()), site!), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
