/**
 * The route table is the API: every endpoint under src/pages/api answers one route of API_ROUTES, at that route's
 * method and path, and every route is answered. The guard of each route's access runs before anything is read:
 * a visitor gets 401 on every 'user' and 'admin' route and a signed-in user 403 on every 'admin' one, with the
 * database out of reach (any query would fail the test).
 */
import type { APIRoute } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { API_ROUTES } from '../../src/lib/api-routes.ts';
import { routePatternOf } from '../../src/lib/http/allowed-methods.ts';
import type { Route } from '../../src/lib/http/route.ts';
import { callEndpoint } from '../support/personal-fixtures.ts';

vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => { throw new Error('The guard let a refused call reach the database.'); } }));
vi.mock('../../src/lib/accounts/server-env.ts', () => ({
  sessionUserOf: async (context: { locals: { user?: unknown } }) => context.locals.user ?? null,
  sessionKeys: () => { throw new Error('Auth.js is not called here.'); },
}));

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const USER = { id: '00000000-0000-0000-0000-000000000001', email: 'user@example.com', role: 'user' as const };
const key = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

const modules = import.meta.glob<Record<string, unknown>>('../../src/pages/api/**/*.ts', { eager: true });

type Handler = APIRoute & { route?: Route };
const endpoints = Object.entries(modules).flatMap(([file, module]) => Object.entries(module)
  .filter(([name]) => (METHODS as readonly string[]).includes(name) || name === 'ALL')
  .map(([name, handler]) => ({ pattern: routePatternOf(file), name, handler: handler as Handler })));
const handlerOf = (route: Route) => endpoints.find(({ handler }) => handler.route === route)!.handler;

describe('the route table', () => {
  it('every endpoint answers the route declared for its method and path, and every route is answered', () => {
    const answered = endpoints.filter(({ name }) => name !== 'ALL').map(({ pattern, name, handler }) => {
      expect(handler.route, `${name} ${pattern} is made with endpoint(route, …)`).toBeDefined();
      expect(key(handler.route!)).toBe(`${name} ${pattern}`);
      return key(handler.route!);
    });
    expect(answered.toSorted()).toEqual(API_ROUTES.map(key).toSorted());
    expect(new Set(API_ROUTES).size).toBe(API_ROUTES.length);
  });

  it('only Auth.js answers every method of its paths', () => {
    expect(endpoints.filter(({ name }) => name === 'ALL').map(({ pattern }) => pattern)).toEqual(['/api/auth/[...auth]']);
  });

  it('a visitor gets 401 on every signed-in route, a user 403 on every admin route, before any read', async () => {
    const guarded = API_ROUTES.filter((route) => route.access === 'user' || route.access === 'admin');
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const path = route.path.replace(/\[(\w+)\]/g, '1');
      const options = { body: route.method === 'GET' ? undefined : {} };
      const visitor = await callEndpoint(handlerOf(route), null, route.method, path, options);
      expect(visitor.status, key(route)).toBe(401);
      expect(await visitor.json(), key(route)).toEqual({ error: 'You must be logged in.' });
      if (route.access !== 'admin') continue;
      const user = await callEndpoint(handlerOf(route), USER, route.method, path, options);
      expect(user.status, key(route)).toBe(403);
      expect(await user.json(), key(route)).toEqual({ error: 'You do not have permission to perform this action.' });
    }
  });
});
