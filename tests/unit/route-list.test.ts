/**
 * docs/routes.md is made from the route declarations (scripts/lib/route-list.ts): the checked-in copy must be what
 * the code declares today, so the route list cannot go stale.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/lib/api-routes.ts';
import { ROUTE_LIST_FILE, routeList } from '../../scripts/lib/route-list.ts';

describe('the route list', () => {
  const made = routeList();

  it('has one row per declared route', () => {
    for (const route of API_ROUTES) expect(made).toContain(`| ${route.method} | \`${route.path}\` | ${route.access} |`);
    expect(made.match(/^\| (GET|POST|PUT|PATCH|DELETE) \|/gm)).toHaveLength(API_ROUTES.length);
  });

  it('checked in as docs/routes.md is what the declarations say', () => {
    expect(readFileSync(ROUTE_LIST_FILE, 'utf8'), 'docs/routes.md differs from the route declarations: run `npm run routes`').toBe(made);
  });
}, 120_000);
