/**
 * The fuzz tier: seeded, property-based hostile requests (fast-check) against every endpoint of the built site,
 * as a visitor, a user and an admin, from the site's own origin, over real HTTP.
 *
 * For every request: no 5xx, an answer within REQUEST_TIMEOUT_MS, and when the request is refused (4xx) no row of
 * any table changed (a trigger counts writes; tables written by background work or by rate limiting are left out).
 * The endpoints are found by reading src/pages/api, so a new endpoint is fuzzed without touching this file.
 *
 * Each run draws a new seed (printed first) and so tries new requests; a failing request fails the property, so
 * fast-check shrinks it to a small one and reports it with the seed and path. Reproduce a run:
 * FUZZ_SEED=<seed> npx playwright test --project fuzz
 */
import fc from 'fast-check';
import { test, expect } from '../e2e/support/fixtures.ts';
import { KNOWN_HOSTILE_REQUESTS, apiRoutes, hostileRequest, type HostileRequest } from './support/hostile-requests.ts';
import { trackWrites, type WriteTracker } from './support/write-tracker.ts';
import { fuzzSessions, type FuzzSessions } from './support/sessions.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 10_000;
const SEED = Number(process.env.FUZZ_SEED) || (Math.random() * 2 ** 31) | 0;
// Generous: a password change hashes twice at full scrypt cost, slow on a busy 2-core machine.
const REQUEST_TIMEOUT_MS = 30_000;

test.describe.configure({ timeout: 20 * 60_000 });

test('no hostile request gets a 5xx, hangs, or changes anything when refused', async ({ baseURL, db }) => {
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(20);
  const sessions: FuzzSessions = await fuzzSessions(db);
  const writes: WriteTracker = await trackWrites(db);
  const statuses = new Map<number, number>();
  console.log(`[fuzz] seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run)`);
  try {
    await fc.assert(
      fc.asyncProperty(hostileRequest(routes), async (request: HostileRequest) => {
        const before = await writes.count();
        let status: number;
        try {
          status = (await send(baseURL!, request, sessions)).status;
        } catch (error) {
          throw new Error(`no answer (${(error as Error).name}): ${describe(request)}`);
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) throw new Error(`${status}: ${describe(request)}`);
        if (status >= 400 && (await writes.count()) !== before) throw new Error(`refused with ${status} but changed rows: ${describe(request)}`);
        // An accepted request may leave work running after its answer (account mail creates the account and its
        // link); let it finish so its writes are not taken for the next request's.
        if (status < 400) await writes.settle();
      }),
      { numRuns: RUNS, seed: SEED, examples: KNOWN_HOSTILE_REQUESTS.map((request) => [request]) },
    );
  } finally {
    await writes.stop();
    console.log(`[fuzz] seed ${SEED}, ${RUNS} requests, statuses`, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  }
});

async function send(baseURL: string, request: HostileRequest, sessions: FuzzSessions) {
  const headers: Record<string, string> = { Origin: baseURL, ...request.headers };
  const cookies = [sessions.cookieFor(request.role), request.cookie].filter(Boolean).join('; ');
  if (cookies) headers.Cookie = cookies;
  const response = await fetch(`${baseURL}${request.path}`, {
    method: request.method,
    headers,
    body: request.body as BodyInit | undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response;
}

function describe(request: HostileRequest): string {
  const body = typeof request.body === 'string' ? request.body.slice(0, 300) : request.body ? `<${request.body.byteLength} bytes>` : '';
  const cookie = request.cookie ? ` Cookie: ${request.cookie.slice(0, 100)}` : '';
  return `${request.role} ${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers)}${cookie} ${body}`;
}
