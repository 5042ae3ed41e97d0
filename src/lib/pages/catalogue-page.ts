/**
 * A catalogue page described once, for every way it is served: its paths (getStaticPaths on the Node build, where
 * it is prerendered) and its load by those params, which also says what the page shows (its tags, publishing/
 * page-tags.ts). The same load runs when the Node server renews a page and when Netlify renders it on demand.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { getDb } from '../db.ts';
import { buildKeepsPages } from '../settings.ts';
import type { PathSet } from './page-tags.ts';

type Db = Kysely<Database>;
export type Params = Record<string, string>;

/** What a page renders, and the tags of everything it shows. */
export interface PageData<Props> { props: Props; tags: string[] }

/**
 * A load's outcome: the page; a redirect (a stale slug); or nothing, with the spec's message where the page kind has
 * one (detail pages), the site's 404 page otherwise.
 */
export type PageAnswer<Props> =
  | { kind: 'page'; data: PageData<Props> }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing'; message?: string };

export interface CataloguePage<P extends Params, Props> {
  /** The route's URL pattern, as its file under src/pages names it: '/movie/[slug]/[tmdbId]'. */
  route: string;
  /** The route's set of pages, for the tag that says it may have changed (page-tags.ts pathsTag). */
  pathSet?: PathSet;
  /** Every page's params: one query, without what the pages show. */
  paths(db: Db): Promise<P[]>;
  /** A detail route's: the params of the pages of rows `keys` (page-tags.ts rowPathsTag), of those that have one. */
  pathsOf?(db: Db, keys: readonly number[]): Promise<P[]>;
  /** The page at `params`; on demand they are whatever the URL holds, so nothing in them is trusted. */
  load(db: Db, params: Partial<P>): Promise<PageAnswer<Props>>;
}

/** The URL path of the page of `route` (a CataloguePage's) at `params`. */
export function pathOf(route: string, params: Params): string {
  return route.replace(/\[(\w+)\]/g, (_, name: string) => params[name] ?? '');
}

/** The key of a page's params, in the order a route lists them. */
const keyOf = (params: Partial<Params>) => Object.values(params).join('/');

/** The build's preloaded answers (preloaded()), until the publisher's first render ends them (endPreloads). */
const preloads = new Set<Map<string, unknown>>();
let preloading = true;

/**
 * The build is over: answers preloaded for pages it did not render (kept from the last run) are as old as the build,
 * so they are dropped, and every later load reads the database.
 */
export function endPreloads(): void {
  preloading = false;
  for (const answers of preloads) answers.clear();
  preloads.clear();
}

/**
 * A page kind whose build reads every page at once, in a few queries, instead of a few queries per page (`loadAll`, by
 * the pages' params). The first listing of its paths in a process (the build's getStaticPaths) reads them; each page
 * then takes its own answer, once. Later renders and listings (the publisher's) read from the database.
 */
export function preloaded<P extends Params, Props>(kind: CataloguePage<P, Props>,
  loadAll: (db: Db) => Promise<{ params: P; answer: PageAnswer<Props> }[]>): CataloguePage<P, Props> {
  let read = false;
  const answers = new Map<string, PageAnswer<Props>>();
  return {
    ...kind,
    async paths(db) {
      // A build that keeps the last run's pages renders few: preloading every page would read the whole catalogue for
      // them (a quarter of a 200,000-page restart, and 1.2 GB).
      if (read || !preloading || buildKeepsPages()) return kind.paths(db);
      read = true;
      preloads.add(answers);
      const all = await loadAll(db);
      for (const { params, answer } of all) answers.set(keyOf(params), answer);
      return all.map(({ params }) => params);
    },
    async load(db, params) {
      const key = keyOf(params);
      const answer = answers.get(key);
      answers.delete(key);
      return answer ?? kind.load(db, params);
    },
  };
}

/** A route's getStaticPaths: its params only (each page loads what it shows as it renders). */
export async function staticPaths<P extends Params>(kind: CataloguePage<P, unknown>): Promise<{ params: P }[]> {
  return (await kind.paths(await getDb())).map((params) => ({ params }));
}

export const page = <Props>(props: Props, tags: Iterable<string>): PageAnswer<Props> => ({ kind: 'page', data: { props, tags: [...new Set(tags)] } });
export const missing: PageAnswer<never> = { kind: 'missing' };
