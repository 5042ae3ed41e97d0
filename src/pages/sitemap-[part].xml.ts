import type { APIRoute, GetStaticPaths } from 'astro';
import { renderSitemap } from '../lib/page-loaders/sitemap.ts';
import { staticPaths } from '../lib/pages/catalogue-page.ts';
import { sitemapPartPage } from '../lib/pages/sitemap-pages.ts';
import { answerEndpoint } from '../lib/publishing/page-answer.ts';

/** The parts listed by the sitemap index; none is built while one sitemap.xml holds the whole catalogue. */
export const getStaticPaths = (() => staticPaths(sitemapPartPage)) satisfies GetStaticPaths;

export const GET: APIRoute = (context) => answerEndpoint(context, (db) => sitemapPartPage.load(db, context.params), (props) => ({
  body: renderSitemap(props.entries, context.site!), contentType: 'application/xml; charset=utf-8',
}), sitemapPartPage.pathSet);
