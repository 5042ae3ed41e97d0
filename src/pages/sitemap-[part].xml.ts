import type { APIRoute, GetStaticPaths } from 'astro';
import { renderSitemap, sitemapEntriesForBuild, sitemapParts, type SitemapEntry } from '../lib/catalog/sitemap.ts';
import { withCacheKeys } from '../lib/rebuild/page-cache-key.ts';

/** The parts listed by the sitemap index; none is built while one sitemap.xml holds the whole catalogue. */
export const getStaticPaths = (async () => {
  const parts = sitemapParts(await sitemapEntriesForBuild());
  return withCacheKeys(parts.map((entries, i) => ({ params: { part: String(i + 1) }, props: { entries } })));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ entries: SitemapEntry[] }> = ({ props, site }) =>
  new Response(renderSitemap(props.entries, site!), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
