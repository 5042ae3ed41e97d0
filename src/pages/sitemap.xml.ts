import type { APIRoute } from 'astro';
import { renderSitemap, renderSitemapIndex, sitemapEntriesForBuild, sitemapParts } from '../lib/catalog/sitemap.ts';

/** Prerendered at build time, like the pages it lists: one file, or an index of /sitemap-N.xml parts past 50,000 URLs. */
export const GET: APIRoute = async ({ site }) => {
  const entries = await sitemapEntriesForBuild();
  const parts = sitemapParts(entries);
  const body = parts.length ? renderSitemapIndex(parts.length, site!) : renderSitemap(entries, site!);
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
