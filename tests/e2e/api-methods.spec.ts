/**
 * Every path of the API (src/lib/api-routes.ts) answers a method no route declares for it with 405 and `Allow` naming
 * the methods it has (src/lib/http/allowed-methods.ts), not with the 404 of a path that does not exist.
 */
import { apiRoutes } from '../fuzz/support/hostile-requests.ts';
import { expect, test } from './support/fixtures.ts';

// OPTIONS is left out: Auth.js's catch-all answers it, and apiRoutes() lists only the five methods routes have.
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

test('a method an endpoint lacks answers 405 with Allow, on every endpoint', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(30);
  for (const route of routes) {
    const path = `/${route.segments.map((segment) => (segment === '*' ? 'session' : segment.startsWith(':') ? '1' : segment)).join('/')}`;
    const allowed = METHODS.filter((method) => route.methods.includes(method) || (method === 'HEAD' && route.methods.includes('GET')));
    for (const method of METHODS) {
      // Same-origin, as a browser says: Astro refuses a cross-site write (403) before any route is asked.
      const answer = await request.fetch(path, { method, maxRedirects: 0, headers: { Origin: baseURL! } });
      if (allowed.includes(method)) {
        expect(answer.status(), `${method} ${path}`).not.toBe(405);
        continue;
      }
      expect(answer.status(), `${method} ${path}`).toBe(405);
      expect(answer.headers().allow, `${method} ${path}`).toBe(allowed.join(', '));
      if (method !== 'HEAD') expect((await answer.json()).error).toBe(`${method} is not allowed here; use ${allowed.join(' or ')}.`);
    }
  }
  // The case that was a 404.
  const signup = await request.get('/api/accounts/signup', { headers: { Origin: baseURL! } });
  expect(signup.status()).toBe(405);
  expect(signup.headers().allow).toBe('POST');
});
