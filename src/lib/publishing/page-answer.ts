/**
 * How a catalogue page (src/lib/pages/) answers, prerendered or on demand:
 *
 * - Its ETag is a hash of what it renders (its props and the year its footer shows). Asked with that ETag in
 *   If-None-Match, it answers 304 before rendering anything: the Node publisher renews only pages whose content
 *   changed.
 * - Prerendered, it names what it shows in the PAGE_TAGS_HEADER, which the publisher records (never sent to a visitor:
 *   a prerendered page's headers are not kept).
 * - On demand with the CDN cache on (Netlify), it is cached under the same tags, and a change purges exactly them;
 *   query strings are left out of the cache key (no page varies by one), so an unknown query string is a cache hit.
 */
import { createHash } from 'node:crypto';
import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { siteYear } from '../catalog/client/site-clock.ts';
import { getDb } from '../db.ts';
import { endPreloads, type PageAnswer } from '../pages/catalogue-page.ts';
import { requestHeader } from './astro-internals.ts';
import { cdnTags, pathsTag, type PathSet } from '../pages/page-tags.ts';

/** The header the Node publisher's renders carry: the build is over, and every page reads the database. */
export const PUBLISHER_HEADER = 'X-Publisher-Render';
/** The header a prerendered page names its tags in, space-separated. */
export const PAGE_TAGS_HEADER = 'X-Page-Tags';
/** How long the CDN keeps a page that no purge reached (a lost purge heals by then). */
export const CDN_MAX_AGE_S = 24 * 60 * 60;
/** Netlify's cache key takes only the query parameters listed; none of the site's pages varies by one. */
export const NETLIFY_VARY_NO_QUERY = 'query=_';

/** What an Astro page or endpoint hands over of its context. */
type PageContext = Pick<APIContext, 'request' | 'url' | 'cache' | 'isPrerendered'>;

/** The ETag of a page rendering `props` (quoted, as the header carries it). */
export function pageEtag(props: unknown): string {
  return `"${createHash('sha256').update(String(siteYear())).update('\n').update(JSON.stringify(props)).digest('base64url')}"`;
}

/** What a page should answer: a response of its own (a redirect, a 304), or its props or message with headers to send. */
export type Prepared<Props> =
  | { kind: 'response'; response: Response }
  | { kind: 'page'; props: Props; headers: Headers }
  | { kind: 'missing'; message?: string; headers: Headers };

export async function preparePage<Props>(context: PageContext, load: (db: Kysely<Database>) => Promise<PageAnswer<Props>>,
  pathSet?: PathSet): Promise<Prepared<Props>> {
  if (context.isPrerendered && requestHeader(context.request, PUBLISHER_HEADER)) endPreloads();
  const answer = await load(await getDb());
  const headers = new Headers();
  // Pages that are not there, or not there under this URL, change when the route's set of pages does.
  const absentTags = pathSet ? [pathsTag(pathSet)] : [];
  if (answer.kind === 'redirect') {
    cacheFor(context, headers, absentTags);
    // A cached redirect answers every query string (Netlify-Vary): it cannot carry the first visitor's.
    headers.set('Location', answer.location + (context.cache.enabled ? '' : context.url.search));
    return { kind: 'response', response: new Response(null, { status: 301, headers }) };
  }
  if (answer.kind === 'missing') {
    cacheFor(context, headers, absentTags);
    return { kind: 'missing', message: answer.message, headers };
  }
  const { props, tags } = answer.data;
  const etag = pageEtag(props);
  headers.set('ETag', etag);
  if (context.isPrerendered) headers.set(PAGE_TAGS_HEADER, tags.join(' '));
  else cacheFor(context, headers, tags);
  if (requestHeader(context.request, 'If-None-Match') === etag) return { kind: 'response', response: new Response(null, { status: 304, headers }) };
  return { kind: 'page', props, headers };
}

/** On demand with a CDN cache: kept there under `tags`, revalidated by browsers every time. */
function cacheFor(context: PageContext, headers: Headers, tags: string[]): void {
  if (context.isPrerendered) return;
  headers.set('Cache-Control', context.cache.enabled ? 'public, max-age=0, must-revalidate' : 'no-store');
  if (!context.cache.enabled) return;
  context.cache.set({ maxAge: CDN_MAX_AGE_S, tags: cdnTags(tags) });
  headers.set('Netlify-Vary', NETLIFY_VARY_NO_QUERY);
}

/** What an Astro page's frontmatter hands over besides the context: its response and the 404 page. */
type AstroPage = PageContext & { response: { status?: number; headers: Headers }; rewrite(path: string): Promise<Response> };

/**
 * A catalogue page's frontmatter: its props, or the kind's message (a detail page: rendered with status 404), or a
 * Response to return (a redirect, a 304, the site's 404 page).
 */
export async function answerPage<Props>(astro: AstroPage, load: (db: Kysely<Database>) => Promise<PageAnswer<Props>>,
  pathSet?: PathSet): Promise<Response | { kind: 'page'; props: Props } | { kind: 'missing'; message: string }> {
  const prepared = await preparePage(astro, load, pathSet);
  if (prepared.kind === 'response') return prepared.response;
  for (const [name, value] of prepared.headers) astro.response.headers.set(name, value);
  if (prepared.kind === 'page') return { kind: 'page', props: prepared.props };
  if (prepared.message === undefined) return astro.rewrite('/404');
  astro.response.status = 404;
  return { kind: 'missing', message: prepared.message };
}

/** A catalogue endpoint (the sitemaps): `render` makes its body from its props. */
export async function answerEndpoint<Props>(context: PageContext, load: (db: Kysely<Database>) => Promise<PageAnswer<Props>>,
  render: (props: Props) => { body: string; contentType: string }, pathSet?: PathSet): Promise<Response> {
  const prepared = await preparePage(context, load, pathSet);
  if (prepared.kind === 'response') return prepared.response;
  if (prepared.kind === 'missing') return new Response('Not found', { status: 404, headers: prepared.headers });
  const { body, contentType } = render(prepared.props);
  prepared.headers.set('Content-Type', contentType);
  return new Response(body, { headers: prepared.headers });
}
