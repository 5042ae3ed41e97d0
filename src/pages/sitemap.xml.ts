import type { APIRoute } from 'astro';
import { renderSitemap, renderSitemapIndex } from '../lib/page-loaders/sitemap.ts';
import { sitemapPage } from '../lib/pages/sitemap-pages.ts';
import { answerEndpoint } from '../lib/publishing/page-answer.ts';

/** One file, or an index of its /sitemap-{part}.xml parts past 50,000 URLs. */
export const GET: APIRoute = (context) => answerEndpoint(context, (db) => sitemapPage.load(db, {}), (props) => ({
  body: 'parts' in props ? renderSitemapIndex(props.parts, context.site!) : renderSitemap(props.entries, context.site!),
  contentType: 'application/xml; charset=utf-8',
}));
