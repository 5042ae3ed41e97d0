import type { APIContext, APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { seedDemoCatalogue } from '../../src/lib/demo/seed.ts';
import { createBackup } from '../../src/lib/backup/backup.ts';
import { restoreBackup } from '../../src/lib/backup/restore.ts';
import { errorResponse } from '../../src/lib/http/endpoint.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const browse = await import('../../src/pages/api/catalog/browse.ts');
const people = await import('../../src/pages/api/catalog/people.ts');
const platform = await import('../../src/pages/api/catalog/platform.ts');
const search = await import('../../src/pages/api/search.ts');

async function get(route: APIRoute, path: string): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  return route({ url, request: new Request(url), params: {} } as unknown as APIContext);
}

describeEachEngine('answers: statuses, cache rules and error bodies come from endpoint()', (getDb) => {
  it('a page past the last one is the same 416 on browse, people and platform; their pages are cacheable', async () => {
    currentDb = getDb();
    const { id } = await currentDb.selectFrom('platforms').select('id').executeTakeFirstOrThrow();
    const routes = [
      [browse.GET, '/api/catalog/browse?type=movie&sort=top-rated'],
      [people.GET, '/api/catalog/people?sort=name'],
      [platform.GET, `/api/catalog/platform?id=${id}`],
    ] as const;
    for (const [route, path] of routes) {
      const first = await get(route, `${path}&page=1`);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('Cache-Control'), path).toBe('public, max-age=300');
      const beyond = await get(route, `${path}&page=999`);
      expect(beyond.status, path).toBe(416);
      expect(beyond.headers.get('Cache-Control'), path).toBe('no-store');
      expect(await beyond.json(), path).toEqual({ error: 'Page 999 is out of range.' });
    }
    const found = await get(search.GET, '/api/search?query=a');
    expect(found.status).toBe(200);
    expect(found.headers.get('Cache-Control')).toBe('public, max-age=300');
  });

  it('a refused restore is a 400 with its detail; a table the backup cannot read is a 500 naming it', async () => {
    const db = getDb();
    const refusal = await restoreBackup(db, { format: 'cinecat-backup', version: 1, tables: { films: [] } })
      .then(() => new Response(null, { status: 200 }), errorResponse);
    expect(refusal.status).toBe(400);
    expect(await refusal.json()).toEqual({ error: 'Failed to restore table films.', detail: 'No such table.' });

    const brokenGenres = db.withPlugin({
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('"genres"')) throw new Error('relation "genres" is damaged');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const failure = await createBackup(brokenGenres).then(() => new Response(null, { status: 200 }), errorResponse);
    expect(failure.status).toBe(500);
    expect(await failure.json()).toEqual({ error: 'Failed to fetch data from table: genres.' });
  });
}, { seed: async (db) => { await seedDemoCatalogue(db, { movies: 60, shows: 20, people: 200 }); } });
