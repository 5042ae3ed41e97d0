/**
 * What a detail URL (/movie/..., /tv/..., /people/...) names: a published title or a person credited in one under its
 * canonical URL; the same under a stale slug or another spelling, which moves (301) to the canonical URL; or nothing,
 * with the spec's message for a missing id or an unknown or draft row.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { creditedInPublishedTitle } from '../catalog/people.ts';
import { slugify } from '../titles/client/slug.ts';
import { TITLE_KINDS, titleKind, type TitleKind } from '../titles/title-kinds.ts';
import { batchedLoad } from './batched-load.ts';

export type DetailKind = ContentType | 'person';

/** Where a kind's detail pages live (`${urlPrefix}/{slug}/{id}`) and the spec's messages for its missing ones. */
type DetailKindDescription = Pick<TitleKind, 'urlPrefix' | 'noIdMessage' | 'notFoundMessage'>;

/** The title kinds as titles/title-kinds.ts describes them, and people. */
export const DETAIL_KINDS: Record<DetailKind, DetailKindDescription> = {
  movie: TITLE_KINDS.movie,
  tv: TITLE_KINDS.tv,
  person: { urlPrefix: '/people', noIdMessage: 'Actor not found.', notFoundMessage: 'Actor not found.' },
};

export type FallbackOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; message: string }
  /** The URL is canonical and the row is public. */
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

/** The public names of movies (by TMDB id), shows (by TMDB id) or people (by id, credited in a published title). */
function publicNames(db: Kysely<Database>, kind: DetailKind, ids: number[]): Promise<{ id: number; name: string }[]> {
  return kind === 'person'
    ? db.selectFrom('people').select(['id', 'name']).where('id', 'in', ids).where(creditedInPublishedTitle).execute()
    : db.selectFrom(titleKind(kind).titles).select(['titles.tmdb_id as id', 'titles.title as name'])
      .where('titles.tmdb_id', 'in', ids).where('titles.is_published', '=', true).execute();
}

/** Each kind's names, read for the pages resolved at the same time in one query (the publisher renews many at once). */
const namesOf = (kind: DetailKind) => batchedLoad((db, ids: number[]) => publicNames(db, kind, ids), (row) => row.id);
const publicName: Record<DetailKind, ReturnType<typeof namesOf>> = { movie: namesOf('movie'), tv: namesOf('tv'), person: namesOf('person') };

export async function resolveDetailFallback(db: Kysely<Database>, kind: DetailKind, rest: string | undefined): Promise<FallbackOutcome> {
  const parsed = parseDetailPath(rest);
  if (!parsed) return { kind: 'error', message: DETAIL_KINDS[kind].noIdMessage };
  const name = (await publicName[kind](db, parsed.id))?.name ?? null;
  if (name === null) return { kind: 'error', message: DETAIL_KINDS[kind].notFoundMessage };
  const canonical = canonicalDetailPath(kind, name, parsed.id);
  if (parsed.slug !== slugify(name) || rest !== canonical.slice(DETAIL_KINDS[kind].urlPrefix.length + 1)) {
    return { kind: 'redirect', location: canonical };
  }
  return { kind: 'live', id: parsed.id };
}
