/**
 * Hostile requests for the fuzz tier: every route of the API with its methods, and a fast-check
 * arbitrary that aims at each one the inputs an attacker or a broken client sends: values past int4, NUL bytes and
 * lone surrogates, markup, bad percent-escapes, random and deeply nested JSON, wrong or missing content types,
 * invalid UTF-8, oversized bodies, garbage cookies and headers.
 */
import fc from 'fast-check';
import { AUTH_BASE_PATH } from '../../../src/lib/accounts/client/routes.ts';
import { API_ROUTES } from '../../../src/lib/api-routes.ts';
import type { Role } from './sessions.ts';

export interface ApiRoute {
  /** Path segments; `:param` for [param], `*` for [...rest]. */
  segments: string[];
  methods: string[];
}

export interface HostileRequest {
  role: Role;
  method: string;
  path: string;
  headers: Record<string, string>;
  cookie: string | null;
  body: string | Uint8Array | undefined;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every route of the API with its methods (src/lib/api-routes.ts), and Auth.js's catch-all, which answers them all. */
export function apiRoutes(): ApiRoute[] {
  const methodsByPath = new Map<string, string[]>();
  for (const { path, method } of API_ROUTES) methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), method]);
  methodsByPath.set(`${AUTH_BASE_PATH}/[...auth]`, METHODS);
  return [...methodsByPath].map(([path, methods]) => ({ segments: segmentsOf(path), methods }));
}

/** `/api/person/[id]` → ['api', 'person', ':id']; a `[...rest]` segment is `*`. */
const segmentsOf = (path: string) => path.slice(1).split('/').map((segment) =>
  segment.startsWith('[...') ? '*' : segment.replace(/^\[(\w+)\]/, ':$1'));

const TEXTS = [
  '', ' ', '0', '-1', '1', '7', '42', '2147483647', '2147483648', '3000000000', '9007199254740993', '1e308', '-1e308',
  'NaN', 'Infinity', '0x10', '1.5', '00012', 'null', 'true', '[]', '{}', 'movie', 'tv', 'movies', 'my_list', 'wishlist',
  '\u0000', 'a\u0000@b.co', '\uD800', 'x\uDFFFy', '\uFEFF', '\u2028', '</script><script>alert(1)</script>',
  "' OR 1=1 --", '"; drop table users; --', '../../etc/passwd', 'admin@example.com', 'a,b@c.co', 'a@b.co\r\nBcc: x@y.z',
  '🙂'.repeat(20), 'ä'.repeat(3000), 'x'.repeat(70_000), 'https://example.com/embed', 'javascript:alert(1)',
  'US', 'GB', 'ZZ', 'gb', 'USA', '8,337', '8,,337', ',8', '8,-1', Array.from({ length: 40 }, (_, i) => i + 1).join(','),
];
const RAW_ESCAPES = ['%', '%zz', '%00', '%ff', '%c0%af', '%E2%80', '%u0041', '%%', '%2', '%e0%80%80'];

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 42, 2147483647, 2147483648, -2147483649, 3e9, 1e308, -1e308, 9007199254740993, 0.5, -0),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const FIELDS = [
  'id', 'ids', 'tmdbId', 'type', 'kind', 'list', 'rating', 'message', 'isPublic', 'email', 'password',
  'confirm', 'currentPassword', 'token', 'query', 'page', 'pages', 'genre', 'sort', 'year', 'isPublished', 'title',
  'links', 'link', 'seasonNumber', 'episodeNumber', 'tvShowId', 'showId', 'progress', 'position', 'duration',
  'season', 'episode', 'name', 'tables', 'data', 'platform', 'search', 'mode', 'csrfToken', 'callbackUrl',
  'region', 'services', 'on',
  'format', 'from', 'wishlistAlerts', 'watchlist', 'ratings', 'history',
];

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.constantFrom(null, true, false),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const hostileObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 8 });

/**
 * Plausible values for the fields endpoints read, so that a request with one or two hostile fields gets past the
 * others and reaches the deeper checks (and the database).
 */
const PLAUSIBLE: Record<string, unknown> = {
  id: 1, ids: [1], tmdbId: 1, type: 'movie', kind: 'movie', list: 'my_list', rating: 3, message: 'Please add this film',
  isPublic: true, email: 'fuzz@example.com', password: 'secret123', confirm: 'secret123', currentPassword: 'secret123',
  token: 'a'.repeat(64), query: 'night', page: 1, pages: '1', genre: 28, sort: 'popular', year: 2020, isPublished: true,
  title: 'A title', links: [], link: 'https://example.com/embed/1', seasonNumber: 1, episodeNumber: 1, tvShowId: 1,
  showId: 1, progress: 10, position: 10, duration: 100, season: 1, episode: 1, name: 'A name', platform: 8, search: 'a',
  region: 'GB', services: [8], on: '8',
  format: 'json', from: '2026-01-01', wishlistAlerts: true, watchlist: [], ratings: [], history: [],
};

const plausibleWithHostile = fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 2 })
  .map((overrides) => ({ ...PLAUSIBLE, ...overrides }));

const deepNesting = fc.integer({ min: 50, max: 100_000 }).chain((depth) =>
  fc.constantFrom('[', '{"a":').map((open) => open.repeat(depth) + (open === '[' ? ']' : '}').repeat(depth)));

type Body = { contentType: string | null; body: string | Uint8Array | undefined };

const hostileBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 5, arbitrary: hostileObject.map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) })) },
  { weight: 6, arbitrary: plausibleWithHostile.map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) })) },
  { weight: 1, arbitrary: deepNesting.map((body) => ({ contentType: 'application/json', body })) },
  { weight: 1, arbitrary: fc.constantFrom('{"a":', '{', 'nul', '\u0000', '{"id":1}garbage', '').map((body) => ({ contentType: 'application/json', body })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((body) => ({ contentType: 'application/json', body })) },
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', body: JSON.stringify({ message: 'x'.repeat(200_000) }) }) },
  {
    weight: 2,
    arbitrary: fc.tuple(hostileObject, fc.constantFrom(null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'application/json; charset=latin1'))
      .map(([value, contentType]) => ({ contentType, body: JSON.stringify(value) })),
  },
  { weight: 1, arbitrary: fc.constant({ contentType: null, body: undefined }) },
);

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) three-byte UTF-8 form instead of throwing. */
function percentEncode(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(char);
  });
}

const encodedOrRaw = fc.oneof(
  { weight: 3, arbitrary: hostileText.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
);

const queryOf = (pairs: [string, string][]) => (pairs.length ? `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}` : '');

const hostileQuery = fc.oneof(
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.constantFrom(...RAW_ESCAPES)), encodedOrRaw), { maxLength: 5 }).map(queryOf),
  // Every field plausible but one or two, hostile and placed first (the first of a repeated parameter counts).
  fc.array(fc.tuple(fc.constantFrom(...FIELDS), encodedOrRaw), { minLength: 1, maxLength: 2 }).map((hostile) => queryOf([
    ...hostile,
    ...Object.entries(PLAUSIBLE).filter(([, value]) => !Array.isArray(value)).map(([key, value]): [string, string] => [key, encodeURIComponent(String(value))]),
  ])),
);

const hostileCookie = fc.option(fc.oneof(
  fc.constantFrom('cc_views=%', 'cc_views=%zz', 'cc_views=%E2%80', 'cc_views=[1,2', 'cc_views=' + '9'.repeat(4000),
    'authjs.session-token=garbage', 'authjs.session-token=%', 'authjs.csrf-token=%'),
  encodedOrRaw.map((value) => `cc_views=${value}`),
));

const hostileHeaders = fc.dictionary(
  fc.constantFrom('Accept', 'Accept-Language', 'X-Forwarded-For', 'X-Nf-Geo', 'X-Country', 'User-Agent', 'Referer', 'Range', 'If-None-Match'),
  fc.oneof(fc.constantFrom('%', 'garbage', '999.999.999.999', 'e30=', 'bytes=99999999-', '"', 'ä'), fc.string({ maxLength: 20 }).filter((s) => /^[\x20-\x7e]*$/.test(s))),
  { maxKeys: 2 },
);

export function hostileRequest(routes: ApiRoute[]): fc.Arbitrary<HostileRequest> {
  return fc.constantFrom(...routes).chain((route) => fc.record({
    role: fc.constantFrom<Role>('visitor', 'user', 'admin'),
    method: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...(route.methods.length ? route.methods : METHODS)) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
    segments: fc.tuple(...route.segments.map((segment) => segment.startsWith(':') || segment === '*' ? encodedOrRaw : fc.constant(segment))),
    query: hostileQuery,
    body: hostileBody,
    headers: hostileHeaders,
    cookie: hostileCookie,
  })).map(({ role, method, segments, query, body, headers, cookie }) => {
    const withBody = method !== 'GET' && method !== 'HEAD';
    const allHeaders = { ...headers };
    if (withBody && body.contentType) allHeaders['Content-Type'] = body.contentType;
    return {
      role, method, cookie, headers: allHeaders,
      path: `/${segments.join('/')}${query}`,
      body: withBody ? body.body : undefined,
    };
  });
}

const jsonRequest = (role: Role, method: string, path: string, body: unknown): HostileRequest =>
  ({ role, method, path, headers: { 'Content-Type': 'application/json' }, cookie: null, body: JSON.stringify(body) });
const getRequest = (role: Role, path: string, cookie: string | null = null): HostileRequest =>
  ({ role, method: 'GET', path, headers: {}, cookie, body: undefined });

/** The hostile requests seen answering 500 before the input boundary existed (issue 10, finding 3): always sent. */
export const KNOWN_HOSTILE_REQUESTS: HostileRequest[] = [
  getRequest('visitor', '/api/search?query=%00'),
  jsonRequest('visitor', 'POST', '/api/accounts/signup', { email: 'a\u0000@b.co', password: 'secret123', confirm: 'secret123' }),
  jsonRequest('visitor', 'POST', '/api/accounts/forgot-password', { email: 'a\u0000@b.co' }),
  jsonRequest('user', 'POST', '/api/requests', { message: 'Please add \u0000 this', isPublic: true }),
  jsonRequest('visitor', 'POST', '/api/requests', { message: 'lone \ud800 surrogate', isPublic: false }),
  getRequest('visitor', '/api/person/3000000000'),
  getRequest('visitor', '/api/person/1e308'),
  jsonRequest('admin', 'DELETE', '/api/admin/requests', { id: 2147483648 }),
  jsonRequest('admin', 'DELETE', '/api/admin/tv/episodes', { id: 2147483648 }),
  { ...jsonRequest('visitor', 'POST', '/api/events/view', {}), cookie: 'cc_views=%' },
  jsonRequest('user', 'POST', '/api/me/lists', { list: 'my_list', type: 'movie', tmdbId: 2147483648 }),
  jsonRequest('visitor', 'POST', '/api/requests', { message: 'x'.repeat(70_000), isPublic: true }),
  // Issue 37: a feed token that is no token, an import that is no export, a forged unsubscribe.
  getRequest('visitor', '/api/calendar/not-a-token.ics'),
  getRequest('user', `/api/calendar/${'%00'.repeat(3)}.ics`),
  jsonRequest('user', 'POST', '/api/me/import?name=trakt.json', { watchlist: [{ listed_at: 'x', movie: { ids: { tmdb: 2147483648 } } }] }),
  { role: 'visitor', method: 'POST', path: '/api/alerts/unsubscribe', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, cookie: null, body: 'token=a.b' },
];
