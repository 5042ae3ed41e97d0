import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../../src/lib/admin/routes.ts';
import { catalogRoutes } from '../../src/lib/catalog/routes.ts';
import { urlOf } from '../../src/lib/http/route.ts';

describe('urlOf', () => {
  it('fills path parameters, encoded', () => {
    expect(urlOf(catalogRoutes.person, { params: { id: 42 } })).toBe('/api/person/42');
    expect(urlOf(adminRoutes.importJob, { params: { id: 'a/b' as unknown as number } })).toBe('/api/admin/import/jobs/a%2Fb');
  });

  it('leaves absent query values out and encodes the rest', () => {
    expect(urlOf(catalogRoutes.people, { query: { sort: 'name', page: undefined } })).toBe('/api/catalog/people?sort=name');
    expect(urlOf(catalogRoutes.search, { query: { query: 'a&b c' } })).toBe('/api/search?query=a%26b+c');
    expect(urlOf(adminRoutes.activeImport)).toBe('/api/admin/import/jobs');
  });

  it('refuses a missing path parameter', () => {
    expect(() => urlOf(catalogRoutes.person, {})).toThrow('/api/person/[id] needs the parameter id.');
  });
});
