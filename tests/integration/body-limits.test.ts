/**
 * Body limits at the server's edge (src/lib/http/body-limit.ts, run by src/middleware.ts): oversized bodies are
 * 413 before any route reads them, Auth.js's routes take at most 64 KB even when chunked, and nothing changes.
 */
import { format } from 'node:util';
import type { APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { AUTH_BASE_PATH } from '../../src/lib/accounts/client/routes.ts';
import { MAX_BACKUP_BYTES } from '../../src/lib/admin/contract.ts';
import { bodyLimitGuard } from '../../src/lib/http/body-limit.ts';
import { describeEachEngine } from '../support/engines.ts';
import { createTestUser, TEST_SESSION_KEYS } from '../support/sessions.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
vi.stubEnv('AUTH_SECRET', TEST_SESSION_KEYS.secret);

const { sessionLookup } = await import('../../src/lib/accounts/server-env.ts');
const routes = {
  auth: (await import('../../src/pages/api/auth/[...auth].ts')).ALL,
  requests: (await import('../../src/pages/api/requests.ts')).POST,
  person: (await import('../../src/pages/api/person/[id].ts')).GET,
};
const SITE = 'http://site.test';
const TOO_LARGE_FOR_AUTH = { error: 'The request body is larger than 64 KB.' };

/** Calls `route` behind the body limit, as src/middleware.ts does; `reached` says whether the route ran. */
async function throughServer(route: APIRoute, request: Request, params: Record<string, string> = {}) {
  let reached = false;
  const context = { request, url: new URL(request.url), locals: {}, params, site: new URL(SITE), clientAddress: '10.9.0.1', isPrerendered: false };
  const guard = bodyLimitGuard({ authBasePath: AUTH_BASE_PATH, largestBodyBytes: MAX_BACKUP_BYTES });
  const response = await guard(context as never, async () => {
    reached = true;
    return sessionLookup(context as never, async () => route(context as never));
  });
  return { response: response as Response, reached };
}

/** A body sent in chunks, without Content-Length (as `Transfer-Encoding: chunked` arrives). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.slice(at, at + 8192));
      controller.close();
    },
  });
}
const streamed = (url: string, type: string, text: string, headers: Record<string, string> = {}) =>
  new Request(url, { method: 'POST', headers: { 'Content-Type': type, origin: SITE, ...headers }, body: chunked(text), duplex: 'half' } as RequestInit);

const requestCount = async (db: Kysely<Database>) => Number((await db.selectFrom('requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describeEachEngine('body limits', (getDb) => {
  it('an endpoint() route refuses a body over its cap with 413 and stores nothing, even sent chunked', async () => {
    const db = currentDb = getDb();
    const before = await requestCount(db);
    const body = JSON.stringify({ message: 'x'.repeat(70 * 1024), isPublic: true });
    const sent = await throughServer(routes.requests, streamed(`${SITE}/api/requests`, 'application/json', body));
    expect(sent.response.status).toBe(413);
    expect(await sent.response.json()).toEqual({ error: 'The request body is larger than 64 KB.' });
    expect(await requestCount(db)).toBe(before);
  });

  it('any route refuses a declared body larger than the largest endpoint cap before it runs', async () => {
    currentDb = getDb();
    const request = new Request(`${SITE}/api/person/31`, { method: 'GET', headers: { 'content-length': String(300 * 1024 * 1024) } });
    const { response, reached } = await throughServer(routes.person, request, { id: '31' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is larger than 256 MB.' });
    expect(reached).toBe(false);
  });

  it('a malformed /api/auth/* request is refused with at most one log line', async () => {
    currentDb = getDb();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const path of ['nonsense', 'callback/nope', 'signin/%E0%A4%A', 'session/extra/parts', 'callback/credentials%0Aforged']) {
        error.mockClear();
        warn.mockClear();
        const { response } = await throughServer(routes.auth, new Request(`${SITE}/api/auth/${path}`, { method: 'POST' }));
        expect(response.status, path).toBeLessThan(500);
        // Formatted as the console prints them (an Error with its stack).
        const lines = [...error.mock.calls, ...warn.mock.calls].map((call) => format(...call));
        expect(lines.length, path).toBeLessThanOrEqual(1);
        expect(lines.join('').split('\n'), path).toHaveLength(1);
      }
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });

  it("Auth.js's credentials callback takes at most 64 KB (413), and a normal sign-in still works", async () => {
    const db = currentDb = getDb();
    const user = await createTestUser(db);
    const csrf = (await throughServer(routes.auth, new Request(`${SITE}/api/auth/csrf`))).response;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const signIn = (padding: string, headers: Record<string, string> = {}) => throughServer(routes.auth, streamed(
      `${SITE}/api/auth/callback/credentials`, 'application/x-www-form-urlencoded',
      new URLSearchParams({ email: user.email, password: user.password, csrfToken, callbackUrl: '/', padding }).toString(),
      { cookie, 'X-Auth-Return-Redirect': '1', ...headers },
    ));

    const chunkedTooLarge = (await signIn('x'.repeat(70 * 1024))).response;
    expect(chunkedTooLarge.status).toBe(413);
    expect(await chunkedTooLarge.json()).toEqual(TOO_LARGE_FOR_AUTH);
    expect(chunkedTooLarge.headers.getSetCookie().some((c) => c.startsWith('authjs.session-token='))).toBe(false);

    const declaredTooLarge = await signIn('', { 'content-length': String(65 * 1024) });
    expect(declaredTooLarge.response.status).toBe(413);
    expect(await declaredTooLarge.response.json()).toEqual(TOO_LARGE_FOR_AUTH);
    expect(declaredTooLarge.reached).toBe(false);

    const fine = (await signIn('')).response;
    expect(fine.status).toBe(200);
    expect(fine.headers.getSetCookie().some((c) => c.startsWith('authjs.session-token='))).toBe(true);
  });
});
