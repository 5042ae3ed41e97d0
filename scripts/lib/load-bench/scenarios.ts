/** The load scenarios of issue 11 §1, built from the fixtures; "varied" ones send a different request every time. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AUTH_BASE_PATH } from '../../../src/lib/accounts/client/routes.ts';
import { browseApiQuery } from '../../../src/lib/catalog/client/browse-params.ts';
import { PEOPLE_SORT_OPTIONS } from '../../../src/lib/catalog/client/people-params.ts';
import { catalogRoutes } from '../../../src/lib/catalog/routes.ts';
import { urlOf } from '../../../src/lib/http/route.ts';
import type { Random } from '../../../src/lib/random.ts';
import { LIST_NAMES } from '../../../src/lib/lists/contract.ts';
import type { TitleRef } from '../../../src/lib/personal/contract.ts';
import type { LoadRequest, Scenario, StepContext } from './drive.ts';
import type { Fixtures } from './fixtures.ts';
import { searchQuery } from './queries.ts';

/** Varied paging stays within the first pages, where people actually go. */
const MAX_VARIED_PAGE = 20;
/** Connections of the signed-in writer while the others search. */
export const WRITER_CONNECTIONS = 5;
/** Simultaneous sign-ins in the sign-in scenario. */
const SIGN_IN_CONNECTIONS = 4;

const searchUrl = (query: string) => `/api/search?query=${encodeURIComponent(query)}`;

export function loadScenarios(fixtures: Fixtures, random: Random, db: Kysely<Database>): { sequential: Scenario[]; writeUnderSearch: Scenario[] } {
  const { origin } = fixtures;
  const page = (totalPages: number) => random.int(1, Math.max(1, Math.min(totalPages, MAX_VARIED_PAGE)));
  const get = (path: string): LoadRequest => ({ path });
  const signedIn = (method: LoadRequest['method'], path: string, body?: unknown): LoadRequest => ({
    method,
    path,
    headers: {
      cookie: random.pick(fixtures.sessionCookies),
      origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  const variedTypoSearch: Scenario = {
    name: 'search, typo, varied', group: 'search-browse', steps: [() => get(searchUrl(searchQuery(fixtures.words, random, true)))],
  };
  // POST adds a random title, DELETE then removes the same one, as the same user.
  const listAddRemove = (name: string, group: Scenario['group'], connections?: number): Scenario => ({
    name,
    group,
    ...(connections ? { connections } : {}),
    steps: [
      (context: StepContext) => {
        const request = signedIn('POST', '/api/me/lists', { list: random.pick(LIST_NAMES), ...random.pick<TitleRef>(fixtures.titles) });
        context.request = request;
        return request;
      },
      (context: StepContext) => ({ ...(context.request as LoadRequest), method: 'DELETE' }),
    ],
  });

  const sequential: Scenario[] = [
    { name: 'static movie page', group: 'static', steps: [() => get(fixtures.staticPath)] },
    { name: 'search, exact, popular', group: 'search-browse', steps: [() => get(searchUrl(fixtures.popularTitle))] },
    { name: 'search, exact, varied', group: 'search-browse', steps: [() => get(searchUrl(searchQuery(fixtures.words, random, false)))] },
    { name: 'search, typo, popular', group: 'search-browse', steps: [() => get(searchUrl(fixtures.popularTypo))] },
    variedTypoSearch,
    { name: 'browse, popular', group: 'search-browse', steps: [() => get(fixtures.popularBrowseUrl)] },
    {
      name: 'browse, varied', group: 'search-browse', steps: [() => {
        const { scope, filters, totalPages } = random.pick(fixtures.browseChoices);
        return get(urlOf(catalogRoutes.browse, { query: browseApiQuery(scope, { ...filters, page: page(totalPages) }) }));
      }],
    },
    { name: 'people', group: 'none', steps: [() => get(urlOf(catalogRoutes.people, { query: { sort: random.pick(PEOPLE_SORT_OPTIONS).value, page: page(fixtures.peoplePages) } }))] },
    {
      name: 'platform', group: 'none', steps: [() => {
        const platform = random.pick(fixtures.platforms);
        return get(urlOf(catalogRoutes.platform, { query: { id: platform.id, page: page(platform.totalPages) } }));
      }],
    },
    {
      name: 'title-state (signed in)', group: 'none', steps: [() => {
        const title = random.pick(fixtures.titles);
        return signedIn('GET', `/api/me/title-state?${new URLSearchParams({ type: title.type, tmdbId: String(title.tmdbId) })}`);
      }],
    },
    listAddRemove('list add + remove (signed in)', 'none'),
    {
      name: `sign-in (credentials, ${SIGN_IN_CONNECTIONS} at once)`,
      group: 'none',
      steps: [() => {
        const { csrfToken, csrfCookie, accounts } = fixtures.signIn;
        const account = random.pick(accounts);
        return {
          method: 'POST',
          path: `${AUTH_BASE_PATH}/callback/credentials`,
          headers: {
            cookie: csrfCookie, origin, 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1',
          },
          body: new URLSearchParams({ ...account, csrfToken, callbackUrl: '/' }).toString(),
        };
      }],
      // Auth.js answers { url } and names the failure in it.
      refused: (body) => body.includes('error='),
      // A password check is scrypt at OWASP's cost (about 128 MiB and a few hundred ms of CPU each, by design): 50
      // at once only queue past the timeout, so this measures a realistic handful of simultaneous sign-ins.
      connections: SIGN_IN_CONNECTIONS,
      // All load comes from one loopback address: keep its per-address sign-in budget from running out, so the
      // figure measures the password check rather than the refusal.
      whileRunning: { everyMs: 250, task: () => db.deleteFrom('rate_limits').where('bucket', 'like', 'sign-in:ip:%').execute() },
    },
  ];

  return {
    sequential,
    writeUnderSearch: [
      listAddRemove(`list write (${WRITER_CONNECTIONS} writers) under search load`, 'write-under-load', WRITER_CONNECTIONS),
      { ...variedTypoSearch, name: 'search load beside the writers (typo, varied)', group: 'none' },
    ],
  };
}
