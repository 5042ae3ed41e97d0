/**
 * What the load scenarios need from the seeded catalogue and the running site: real titles and their words, page
 * counts (so varied requests stay in range), confirmed bench users with session cookies, and a sign-in CSRF token.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hashPassword } from '../../../src/lib/accounts/passwords.ts';
import { sessionCookie, type SessionKeys } from '../../../src/lib/accounts/session.ts';
import { AUTH_BASE_PATH } from '../../../src/lib/accounts/client/routes.ts';
import { browseApiQuery, type BrowseFilters, type BrowseScope, type BrowsePage } from '../../../src/lib/catalog/client/browse-params.ts';
import { titleHref } from '../../../src/lib/titles/client/cards.ts';
import { listPlatforms } from '../../../src/lib/catalog/platforms.ts';
import { catalogRoutes } from '../../../src/lib/catalog/routes.ts';
import { urlOf } from '../../../src/lib/http/route.ts';
import { slugify } from '../../../src/lib/titles/client/slug.ts';
import type { Random } from '../../../src/lib/random.ts';
import type { TitleRef } from '../../../src/lib/personal/contract.ts';
import { browseFilters, titleWords, typoInTitle } from './queries.ts';

export const BENCH_USERS = 200;
const BENCH_PASSWORD = 'bench-password-1';
const BROWSE_FILTER_SETS = 60;

export interface BrowseChoice {
  scope: BrowseScope;
  filters: BrowseFilters;
  totalPages: number;
}

export interface Fixtures {
  origin: string;
  /** A prerendered movie page (the most popular movie's). */
  staticPath: string;
  /** Words of published titles, for varied searches. */
  words: string[];
  popularTitle: string;
  popularTypo: string;
  popularBrowseUrl: string;
  /** Browse filters that match titles, with their page counts. */
  browseChoices: BrowseChoice[];
  peoplePages: number;
  platforms: { id: number; totalPages: number }[];
  titles: TitleRef[];
  /** `Cookie` header values of signed-in bench users. */
  sessionCookies: string[];
  signIn: { csrfToken: string; csrfCookie: string; accounts: { email: string; password: string }[] };
}

async function getJson<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(origin + path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status} while preparing the load scenarios.`);
  return (await response.json()) as T;
}

export async function gatherFixtures(db: Kysely<Database>, origin: string, keys: SessionKeys, random: Random): Promise<Fixtures> {
  const movies = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true)
    .orderBy('popularity', 'desc').orderBy('tmdb_id').execute();
  const shows = await db.selectFrom('tv_shows').select(['tmdb_id', 'name']).where('is_published', '=', true).execute();
  const top = movies[0];
  if (!top) throw new Error('The catalogue has no published movie.');

  const page = await fetch(origin + titleHref({ type: 'movie', slug: slugify(top.title), tmdbId: top.tmdb_id }));
  if (!page.ok) throw new Error(`The movie page of "${top.title}" answered ${page.status}.`);

  const browseChoices = new Map<string, BrowseChoice>();
  for (let i = 0; i < BROWSE_FILTER_SETS; i++) {
    const { scope, filters } = browseFilters(random);
    const url = urlOf(catalogRoutes.browse, { query: browseApiQuery(scope, filters) });
    if (browseChoices.has(url)) continue;
    const { total, totalPages } = await getJson<BrowsePage<unknown>>(origin, url);
    if (total > 0) browseChoices.set(url, { scope, filters, totalPages });
  }

  const platforms = [];
  for (const platform of await listPlatforms(db)) {
    const { total, totalPages } = await getJson<BrowsePage<unknown>>(origin, urlOf(catalogRoutes.platform, { query: { id: platform.id, page: 1 } }));
    if (total > 0) platforms.push({ id: platform.id, totalPages });
  }

  const users = await benchUsers(db, keys);
  return {
    origin,
    staticPath: new URL(page.url).pathname,
    words: titleWords([...movies.map((m) => m.title), ...shows.map((s) => s.name)]),
    popularTitle: top.title,
    popularTypo: typoInTitle(top.title, random),
    popularBrowseUrl: urlOf(catalogRoutes.browse, { query: browseApiQuery({ type: 'movie' }, { genreIds: [28], year: null, sort: 'top-rated', page: 1 }) }),
    browseChoices: [...browseChoices.values()],
    peoplePages: (await getJson<BrowsePage<unknown>>(origin, urlOf(catalogRoutes.people, { query: { sort: 'popularity', page: 1 } }))).totalPages,
    platforms,
    titles: [
      ...movies.map((m) => ({ type: 'movie' as const, tmdbId: m.tmdb_id })),
      ...shows.map((s) => ({ type: 'tv' as const, tmdbId: s.tmdb_id })),
    ],
    sessionCookies: users.sessionCookies,
    signIn: { ...(await csrf(origin)), accounts: users.accounts },
  };
}

/** Confirmed users with a real password hash (one hash: they share the password), and a session cookie each. */
async function benchUsers(db: Kysely<Database>, keys: SessionKeys) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const rows = await db.insertInto('users')
    .values(Array.from({ length: BENCH_USERS }, (_, i) => ({
      email: `bench-user-${i}@example.com`, password_hash: passwordHash, role: 'user' as const, email_confirmed_at: new Date(),
    })))
    .returning(['id', 'email', 'session_version'])
    .execute();
  const sessionCookies = await Promise.all(rows.map(async (user) =>
    (await sessionCookie({ sub: user.id, email: user.email, session_version: user.session_version }, keys)).split(';')[0]!));
  return { sessionCookies, accounts: rows.map((user) => ({ email: user.email, password: BENCH_PASSWORD })) };
}

/** Auth.js's double-submit CSRF token: the token for the form and the cookie that vouches for it. */
async function csrf(origin: string): Promise<{ csrfToken: string; csrfCookie: string }> {
  const response = await fetch(`${origin}${AUTH_BASE_PATH}/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const csrfCookie = response.headers.getSetCookie().find((cookie) => cookie.includes('csrf-token='))?.split(';')[0];
  if (!csrfCookie) throw new Error('Auth.js set no CSRF cookie.');
  return { csrfToken, csrfCookie };
}
