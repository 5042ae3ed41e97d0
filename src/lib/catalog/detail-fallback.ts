/**
 * What to answer for a detail URL that was not prerendered: /movie/..., /tv/..., /people/... paths that
 * getStaticPaths did not generate reach the on-demand catch-all routes. A published title or person under a
 * stale slug moves (301) to its canonical URL; a missing id or an unknown / draft row gets the spec's message;
 * a canonical URL of a public row (published since the last build) is rendered on demand with the same page
 * component and loaders as the build, until the rebuild replaces it with the static page.
 */
import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { getDb } from '../db.ts';
import { creditedInPublishedTitle } from './people.ts';
import { slugify } from './client/slug.ts';
import { TITLE_KINDS, titleKind, type TitleKind } from './title-kinds.ts';
import { cacheDetailPage } from '../publishing/detail-cache.ts';

export type DetailKind = ContentType | 'person';

/** Where a kind's detail pages live (`${urlPrefix}/{slug}/{id}`) and the spec's messages for its missing ones. */
type DetailKindDescription = Pick<TitleKind, 'urlPrefix' | 'noIdMessage' | 'notFoundMessage'>;

/** The title kinds as title-kinds.ts describes them, and people. */
export const DETAIL_KINDS: Record<DetailKind, DetailKindDescription> = {
  movie: TITLE_KINDS.movie,
  tv: TITLE_KINDS.tv,
  person: { urlPrefix: '/people', noIdMessage: 'Actor not found.', notFoundMessage: 'Actor not found.' },
};

export type FallbackOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; message: string }
  /** The URL is canonical and the row is public, but its page is not built yet: render it on demand. */
  | { kind: 'live'; id: number };

/**
 * A page's own file named in the URL ('{id}.html', '{id}/index.html', and '.htm'): a CDN's pretty-URL lookup asks for
 * these, and `netlify serve` retries a function's 404 with each of them, answering with the last.
 */
const PAGE_FILE_SUFFIX = /(?:\/index)?\.html?$/;

/** The id in '{slug}/{id}' (or a bare '{id}', or either as its page's file); null when the path carries no usable id. */
export function parseDetailPath(rest: string | undefined): { slug: string | null; id: number } | null {
  const segments = (rest ?? '').replace(PAGE_FILE_SUFFIX, '').split('/').filter(Boolean);
  if (segments.length === 0 || segments.length > 2) return null;
  const last = segments[segments.length - 1]!;
  if (!/^\d{1,9}$/.test(last) || Number(last) < 1) return null;
  return { slug: segments.length === 2 ? segments[0]! : null, id: Number(last) };
}

export function canonicalDetailPath(kind: DetailKind, name: string, id: number): string {
  return `${DETAIL_KINDS[kind].urlPrefix}/${slugify(name)}/${id}`;
}

/** The public name of the movie (by TMDB id), show (by TMDB id) or person (by id, credited in a published title). */
async function publicName(db: Kysely<Database>, kind: DetailKind, id: number): Promise<string | null> {
  const row = kind === 'person'
    ? await db.selectFrom('people').select('name').where('id', '=', id).where(creditedInPublishedTitle).executeTakeFirst()
    : await db.selectFrom(titleKind(kind).titles).select('titles.title as name')
      .where('titles.tmdb_id', '=', id).where('titles.is_published', '=', true).executeTakeFirst();
  return row?.name ?? null;
}

export async function resolveDetailFallback(db: Kysely<Database>, kind: DetailKind, rest: string | undefined, search = ''): Promise<FallbackOutcome> {
  const parsed = parseDetailPath(rest);
  if (!parsed) return { kind: 'error', message: DETAIL_KINDS[kind].noIdMessage };
  const name = await publicName(db, kind, parsed.id);
  if (name === null) return { kind: 'error', message: DETAIL_KINDS[kind].notFoundMessage };
  const canonical = canonicalDetailPath(kind, name, parsed.id);
  if (parsed.slug !== slugify(name) || rest !== canonical.slice(DETAIL_KINDS[kind].urlPrefix.length + 1)) {
    return { kind: 'redirect', location: canonical + search };
  }
  return { kind: 'live', id: parsed.id };
}

export type FallbackPage<Detail> =
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; message: string }
  | { kind: 'page'; detail: Detail };

/** The outcome with, for a live row, its page data from the build's own loader (`load`, asked for that one id). */
export async function resolveFallbackPage<Detail>(db: Kysely<Database>, kind: DetailKind, rest: string | undefined, search: string,
  load: (db: Kysely<Database>, ids: number[]) => Promise<Detail[]>): Promise<FallbackPage<Detail>> {
  const outcome = await resolveDetailFallback(db, kind, rest, search);
  if (outcome.kind !== 'live') return outcome;
  const [detail] = await load(db, [outcome.id]);
  // Unpublished between the two queries.
  return detail ? { kind: 'page', detail } : { kind: 'error', message: DETAIL_KINDS[kind].notFoundMessage };
}

/** What an on-demand detail route ([...fallback].astro) hands over of Astro's context. */
interface FallbackRoute {
  params: { fallback?: string | undefined };
  url: URL;
  response: { status?: number; headers: Headers };
  cache: APIContext['cache'];
  redirect(location: string, status: 301): Response;
}

/**
 * The frontmatter of an on-demand detail route: Astro falls through to it when the prerendered route has no such
 * page. A stale slug gets the 301 to the canonical URL as a Response (the route returns it); otherwise the route
 * renders the answer: the page (200) of a row published or changed since the last build, with the build's own page
 * component and loader until the rebuild serves it statically (on Netlify, where no detail page is prerendered, kept
 * in the CDN's cache until an admin write purges it), or the spec's message (404). Browsers never keep either.
 */
export async function answerDetailFallback<Detail>(route: FallbackRoute, kind: DetailKind,
  load: (db: Kysely<Database>, ids: number[]) => Promise<Detail[]>): Promise<Response | Exclude<FallbackPage<Detail>, { kind: 'redirect' }>> {
  const page = await resolveFallbackPage(await getDb(), kind, route.params.fallback, route.url.search, load);
  if (page.kind === 'redirect') return route.redirect(page.location, 301);
  route.response.status = page.kind === 'page' ? 200 : 404;
  if (page.kind === 'page' && route.cache.enabled) cacheDetailPage(route.cache, route.response.headers);
  else route.response.headers.set('Cache-Control', 'no-store');
  return page;
}
