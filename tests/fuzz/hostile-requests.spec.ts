/**
 * The fuzz tier: seeded, property-based hostile requests (fast-check) against every endpoint of the built site,
 * as a visitor, a user and an admin, from the site's own origin, over real HTTP.
 *
 * For every request: no 5xx, an answer within REQUEST_TIMEOUT_MS, and when the request is refused (4xx) no row of
 * any table changed (a trigger counts writes; tables written by background work or by rate limiting are left out).
 * The endpoints are found by reading src/pages/api, so a new endpoint is fuzzed without touching this file.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> npx playwright test --project fuzz
 */
import fc from 'fast-check';
import { test, expect } from '../e2e/support/fixtures.ts';
import { KNOWN_HOSTILE_REQUESTS, apiRoutes, hostileRequest, type HostileRequest } from './support/hostile-requests.ts';
import { trackWrites, type WriteTracker } from './support/write-tracker.ts';
import { fuzzSessions, type FuzzSessions } from './support/sessions.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 10_000;
const SEED = Number(process.env.FUZZ_SEED) || 20_261_123;
const REQUEST_TIMEOUT_MS = 10_000;

test.describe.configure({ timeout: 20 * 60_000 });

test('no hostile request gets a 5xx, hangs, or changes anything when refused', async ({ baseURL, db }) => {
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(20);
  const sessions: FuzzSessions = await fuzzSessions(db);
  const writes: WriteTracker = await trackWrites(db);
  const statuses = new Map<number, number>();
  // Every failure is collected (not just the first), grouped by route in the report, so one run shows them all.
  const failures: string[] = [];
  try {
    await fc.assert(
      fc.asyncProperty(hostileRequest(routes), async (request: HostileRequest) => {
        const before = await writes.count();
        let status: number;
        try {
          status = (await send(baseURL!, request, sessions)).status;
        } catch (error) {
          failures.push(`no answer (${(error as Error).name}): ${describe(request)}`);
          return;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) failures.push(`${status}: ${describe(request)}`);
        else if (status >= 400 && (await writes.count()) !== before) failures.push(`refused with ${status} but changed rows: ${describe(request)}`);
      }),
      { numRuns: RUNS, seed: SEED, examples: KNOWN_HOSTILE_REQUESTS.map((request) => [request]) },
    );
  } finally {
    await writes.stop();
    console.log(`[fuzz] seed ${SEED}, ${RUNS} requests, statuses`, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  }
  expect(failures.slice(0, 40), `seed ${SEED}: ${failures.length} failing requests (FUZZ_SEED=${SEED} reproduces them)`).toEqual([]);
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
  return `${request.role} ${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers)} ${body}`;
}
