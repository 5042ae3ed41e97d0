import type { APIRoute, GetStaticPaths } from 'astro';
import { renderSitemap, sitemapEntriesForBuild, sitemapParts, type SitemapEntry } from '../lib/catalog/sitemap.ts';

/** The parts listed by the sitemap index; none is built while one sitemap.xml holds the whole catalogue. */
export const getStaticPaths = (async () => {
  const parts = sitemapParts(await sitemapEntriesForBuild());
  return parts.map((entries, i) => ({ params: { part: String(i + 1) }, props: { entries } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ entries: SitemapEntry[] }> = ({ props, site }) =>
  new Response(renderSitemap(props.entries, site!), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
