/**
 * Type tests of routes as data (src/lib/http/route.ts), checked by `npm run typecheck`: a call's input and answer
 * are the route's, and an endpoint must answer the route's type with a schema that accepts the route's body.
 * Each `@ts-expect-error` fails the typecheck if the line below it ever compiles.
 */
import { z } from 'astro/zod';
import { describe, expectTypeOf, it } from 'vitest';
import { adminRoutes } from '../../src/lib/admin/routes.ts';
import { catalogRoutes } from '../../src/lib/catalog/routes.ts';
import { call } from '../../src/lib/http/api-client.ts';
import { endpoint } from '../../src/lib/http/endpoint.ts';
import { ListItemBody, type ListChange, type ListItems } from '../../src/lib/lists/contract.ts';
import { listRoutes } from '../../src/lib/lists/routes.ts';
import type { PersonDetails } from '../../src/lib/catalog/contract.ts';

describe('call(route, input)', () => {
  it("resolves with the route's answer", () => {
    expectTypeOf(call(listRoutes.items, { query: { list: 'wishlist' } })).resolves.toEqualTypeOf<ListItems>();
    expectTypeOf(call(catalogRoutes.person, { params: { id: 42 } })).resolves.toEqualTypeOf<PersonDetails>();
    expectTypeOf(call(adminRoutes.rebuildStatus)).resolves.toHaveProperty('status');
  });

  it("takes exactly the route's input", () => {
    // @ts-expect-error a list name the route does not know
    void call(listRoutes.add, { body: { list: 'favourites', type: 'movie', tmdbId: 1 } });
    // @ts-expect-error the path parameter is missing
    void call(catalogRoutes.person, {});
    // @ts-expect-error a route with a required query needs its input
    void call(listRoutes.items);
  });
});

describe('endpoint(route, spec)', () => {
  it("accepts a handler that answers the route's type with a schema for its body", () => {
    expectTypeOf(endpoint(listRoutes.add, {
      body: ListItemBody,
      handler: (): ListChange => ({ inList: true, message: 'Added to My List' }),
    })).toHaveProperty('route');
  });

  it('refuses another answer, and a schema that does not accept the body', () => {
    // @ts-expect-error the answer lacks the route's fields
    void endpoint(listRoutes.add, { body: ListItemBody, handler: () => ({ added: true }) });
    // @ts-expect-error this schema does not accept what callers send
    void endpoint(listRoutes.add, { body: z.object({ other: z.string() }), handler: () => ({ inList: true, message: '' }) });
  });
});
