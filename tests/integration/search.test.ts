import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { searchCatalogue } from '../../src/lib/read-model/search.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const endpoint = await import('../../src/pages/api/search.ts');

async function callSearch(query: string | null): Promise<Response> {
  const url = new URL('http://localhost/api/search');
  if (query !== null) url.searchParams.set('query', query);
  return endpoint.GET({ url, request: new Request(url) } as unknown as APIContext);
}

async function seed(db: Kysely<Database>): Promise<void> {
  const amelie = await insertMovie(db, { title: 'Amélie', popularity: 10 });
  await insertMovie(db, { title: 'The Last Horizon', popularity: 5 });
  await insertMovie(db, { title: 'Horizon Line', popularity: 1 });
  // Same words, different kinds of match: popularity alone would put these first.
  await insertMovie(db, { title: 'Blue Harbor', popularity: 1 });
  await insertMovie(db, { title: 'Blue Harbor Nights', popularity: 900 });
  await insertMovie(db, { title: 'Return to Blue Harbor', popularity: 950 });
  await insertShow(db, { name: 'Blue Harbor Stories', popularity: 999 });
  await insertMovie(db, { title: 'Secret Draft Picture', is_published: false });
  await insertShow(db, { name: 'Secret Draft Series', is_published: false });
  await insertMovie(db, { title: '100% Pure', popularity: 1 });
  await insertMovie(db, { title: '1000 Pure Days', popularity: 500 });

  await insertPerson(db, 501, 'Zoë Marlowe');
  await insertPerson(db, 502, 'Zoe Uncredited');
  await db.insertInto('movie_credits').values({ movie_id: amelie.id, person_id: 501, credit_order: 0, character_name: 'Amélie' }).execute();
}

describeEachEngine('search', (getDb) => {
  it('is accent-insensitive: "amelie" finds "Amélie"', async () => {
    const { titles } = await searchCatalogue(getDb(), 'amelie');
    expect(titles[0]).toMatchObject({ type: 'movie', title: 'Amélie', slug: 'amelie' });
  });

  it('tolerates typos: "horizn" finds "The Last Horizon"', async () => {
    const { titles } = await searchCatalogue(getDb(), 'horizn');
    expect(titles.map((t) => t.title)).toContain('The Last Horizon');
  });

  it('ranks exact match, then prefix, then contains, then popularity, across movies and shows', async () => {
    const { titles } = await searchCatalogue(getDb(), '  blue HARBOR ');
    expect(titles.map((t) => t.title)).toEqual(['Blue Harbor', 'Blue Harbor Stories', 'Blue Harbor Nights', 'Return to Blue Harbor']);
    expect(titles[1]!.type).toBe('tv');
  });

  it('never returns drafts', async () => {
    const { titles } = await searchCatalogue(getDb(), 'secret draft');
    expect(titles).toEqual([]);
  });

  it('finds people credited in published titles, accent-insensitively', async () => {
    const { people } = await searchCatalogue(getDb(), 'zoe marlowe');
    expect(people).toEqual([{ id: 501, name: 'Zoë Marlowe', slug: 'zoe-marlowe', profilePath: null, knownForDepartment: 'Acting' }]);
    const uncredited = await searchCatalogue(getDb(), 'zoe uncredited');
    expect(uncredited.people).toEqual([]);
  });

  it('treats LIKE wildcards literally and ignores blank queries', async () => {
    const { titles } = await searchCatalogue(getDb(), '100%');
    // Unescaped, '100%' would be a prefix of '1000 Pure Days' too, and its popularity would rank it first.
    expect(titles.map((t) => t.title)).toEqual(['100% Pure', '1000 Pure Days']);
    expect(await searchCatalogue(getDb(), '   ')).toEqual({ titles: [], people: [] });
  });

  it('GET /api/search answers cacheable JSON, and 400 with an error for blank or missing text', async () => {
    currentDb = getDb();
    const ok = await callSearch(' amelie ');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Cache-Control')).toBe('public, max-age=300');
    const body = await ok.json();
    expect(body.titles[0]).toMatchObject({ title: 'Amélie', type: 'movie' });
    expect(body.people).toEqual([]);
    for (const query of ['   ', null, 'x'.repeat(101)]) {
      const bad = await callSearch(query);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatch(/search/i);
    }
  });
}, { seed });
