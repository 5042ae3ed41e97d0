/**
 * Every /api/admin endpoint of the dashboard, called through its Astro handler with a real Request: a visitor
 * gets 401, a signed-in non-admin 403 and neither changes a row; an admin gets an answer (2xx or a 4xx
 * for bad input). Input validation answers 400 with { error } and changes nothing.
 */
import type { APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { NO_ROUTE_CACHE } from '../support/personal-fixtures.ts';
import { createBackup } from '../../src/lib/backup/backup.ts';
import { setRebuildRunner } from '../../src/lib/rebuild/index.ts';
import { publishWaits } from '../support/publishing.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
// The session is the test's `locals.user` (server-env reads astro:env, which exists only inside Astro).
vi.mock('../../src/lib/accounts/server-env.ts', () => ({
  sessionUserOf: async (context: { locals: { user?: unknown } }) => context.locals.user ?? null,
}));

const movies = await import('../../src/pages/api/admin/movies/index.ts');
const movieLinks = await import('../../src/pages/api/admin/movies/links.ts');
const tv = await import('../../src/pages/api/admin/tv/index.ts');
const episodes = await import('../../src/pages/api/admin/tv/episodes.ts');
const showEdit = await import('../../src/pages/api/admin/tv/show.ts');
const useTmdb = await import('../../src/pages/api/admin/tv/use-tmdb.ts');
const upload = await import('../../src/pages/api/admin/tv/upload-episode-links.ts');
const requests = await import('../../src/pages/api/admin/requests.ts');
const analytics = await import('../../src/pages/api/admin/analytics.ts');
const backup = await import('../../src/pages/api/admin/backup.ts');
const restore = await import('../../src/pages/api/admin/restore.ts');
const rebuild = await import('../../src/pages/api/admin/rebuild.ts');

type User = { id: string; email: string; role: 'user' | 'admin' } | null;
const VISITOR: User = null;
const USER: User = { id: '00000000-0000-0000-0000-000000000001', email: 'user@example.com', role: 'user' };
const ADMIN: User = { id: '00000000-0000-0000-0000-000000000002', email: 'admin@example.com', role: 'admin' };

async function call(handler: APIRoute, user: User, method: string, path: string, body?: unknown): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  const request = new Request(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return handler({ request, url, locals: { user }, params: {}, cache: NO_ROUTE_CACHE } as never) as Promise<Response>;
}

describeEachEngine('admin endpoints', (getDb) => {
  let ids: { movie: number; show: number; episode: number; request: number };
  beforeAll(async () => {
    currentDb = getDb();
    const movie = await insertMovie(currentDb, { is_published: false });
    const show = await insertShow(currentDb, { number_of_seasons: 1 });
    const episode = await currentDb.insertInto('tv_show_episodes').values({ tv_show_id: show.id, season_number: 1, episode_number: 1 })
      .returning('id').executeTakeFirstOrThrow();
    const request = await currentDb.insertInto('requests').values({ message: 'More please' }).returning('id').executeTakeFirstOrThrow();
    ids = { movie: movie.id, show: show.id, episode: episode.id, request: request.id };
  });
  afterEach(() => setRebuildRunner(null));

  const calls = (): [string, APIRoute, string, string, unknown?][] => [
    ['list movies', movies.GET, 'GET', '/api/admin/movies?q=a'],
    ['publish movies', movies.PATCH, 'PATCH', '/api/admin/movies', { ids: [ids.movie], isPublished: true }],
    ['movie links', movieLinks.PATCH, 'PATCH', '/api/admin/movies/links', { id: ids.movie, streamUrl: 'https://x.example/s', downloadUrl: '' }],
    ['delete movies', movies.DELETE, 'DELETE', '/api/admin/movies', { ids: [ids.movie] }],
    ['list shows', tv.GET, 'GET', '/api/admin/tv'],
    ['publish shows', tv.PATCH, 'PATCH', '/api/admin/tv', { ids: [ids.show], isPublished: false }],
    ['episodes', episodes.GET, 'GET', `/api/admin/tv/episodes?showId=${ids.show}`],
    ['edit show', showEdit.PATCH, 'PATCH', '/api/admin/tv/show', { id: ids.show, trailerKey: 'abc_DEF-123' }],
    ['use TMDB\'s', useTmdb.POST, 'POST', '/api/admin/tv/use-tmdb', { kind: 'show', id: ids.show, field: 'trailerKey' }],
    ['update episode', episodes.PATCH, 'PATCH', '/api/admin/tv/episodes', { id: ids.episode, name: 'Pilot', overview: '', streamUrl: '', downloadUrl: '', tmdbId: 777, episodeNumber: 1 }],
    ['upload links', upload.POST, 'POST', '/api/admin/tv/upload-episode-links', { tvShowId: ids.show, seasonNumber: 1, links: [{ watch: 'https://x.example/1' }] }],
    ['delete episode', episodes.DELETE, 'DELETE', '/api/admin/tv/episodes', { id: ids.episode }],
    ['delete shows', tv.DELETE, 'DELETE', '/api/admin/tv', { ids: [ids.show] }],
    ['requests', requests.GET, 'GET', '/api/admin/requests'],
    ['delete request', requests.DELETE, 'DELETE', '/api/admin/requests', { id: ids.request }],
    ['analytics', analytics.GET, 'GET', '/api/admin/analytics?period=30d'],
    ['backup', backup.GET, 'GET', '/api/admin/backup'],
    ['restore', restore.POST, 'POST', '/api/admin/restore', { not: 'a backup' }],
    ['rebuild status', rebuild.GET, 'GET', '/api/admin/rebuild'],
    ['rebuild now', rebuild.POST, 'POST', '/api/admin/rebuild', {}],
  ];

  it('visitors get 401 and signed-in users 403, and nothing changes', async () => {
    let kicks = 0;
    setRebuildRunner(async () => { kicks++; });
    const before = await createBackup(currentDb);
    for (const [name, handler, method, path, body] of calls()) {
      const visitor = await call(handler, VISITOR, method, path, body);
      expect(visitor.status, name).toBe(401);
      expect(await visitor.json(), name).toEqual({ error: 'You must be logged in.' });
      const user = await call(handler, USER, method, path, body);
      expect(user.status, name).toBe(403);
    }
    expect((await createBackup(currentDb)).tables).toEqual(before.tables);
    expect(await currentDb.selectFrom('rebuild_requests').select('id').execute()).toEqual([]);
    expect(await publishWaits(currentDb)).toBe(0);
    expect(kicks).toBe(0);
  });

  it('admins are answered, and every catalogue write waits for its pages; Rebuild now requests a rebuild', async () => {
    setRebuildRunner(async () => {});
    const waits = await publishWaits(currentDb);
    for (const [name, handler, method, path, body] of calls()) {
      const response = await call(handler, ADMIN, method, path, body);
      expect(response.status, name).toBeLessThan(500);
      if (name !== 'restore') expect(response.status, name).toBeLessThan(300);
    }
    expect(await currentDb.selectFrom('movies').select('id').where('id', '=', ids.movie).executeTakeFirst()).toBeUndefined();
    // publish, links and delete of movies; publish, edit, Use TMDB's, episode update, upload, episode delete and delete
    // of shows.
    expect(await publishWaits(currentDb) - waits).toBe(10);
    expect(await currentDb.selectFrom('rebuild_requests').select('request_count').execute()).toEqual([{ request_count: 1 }]);
  });

  it('bad input: 400 with a clear error, JSON only, nothing changes', async () => {
    const movie = await insertMovie(currentDb, { is_published: false, stream_url: null });
    const bad = await call(movieLinks.PATCH, ADMIN, 'PATCH', '/api/admin/movies/links', { id: movie.id, streamUrl: 'not a url' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'streamUrl: Must be a valid URL.' });

    // A client still sending the old field names must not read as "clear both links".
    const linked = await insertMovie(currentDb, { stream_url: 'https://x.example/kept', download_url: 'https://x.example/kept-dl' });
    const stale = await call(movieLinks.PATCH, ADMIN, 'PATCH', '/api/admin/movies/links', { id: linked.id, stream_url: 'https://x.example/new' });
    expect(stale.status).toBe(400);
    expect((await stale.json() as { error: string }).error).toMatch(/stream_url/);
    const staleShow = await call(showEdit.PATCH, ADMIN, 'PATCH', '/api/admin/tv/show', { id: linked.id, trailer_key: 'abc' });
    expect(staleShow.status).toBe(400);
    expect(await currentDb.selectFrom('movies').select(['stream_url', 'download_url']).where('id', '=', linked.id).executeTakeFirstOrThrow())
      .toEqual({ stream_url: 'https://x.example/kept', download_url: 'https://x.example/kept-dl' });

    const url = new URL('/api/admin/movies', 'http://localhost');
    const form = new Request(url, { method: 'PATCH', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'ids=1' });
    const refused = (await movies.PATCH({ request: form, url, locals: { user: ADMIN }, params: {}, cache: NO_ROUTE_CACHE } as never)) as Response;
    expect(refused.status).toBe(415);

    expect((await call(movies.PATCH, ADMIN, 'PATCH', '/api/admin/movies', { ids: [], isPublished: true })).status).toBe(400);
    expect((await call(analytics.GET, ADMIN, 'GET', '/api/admin/analytics?period=2d')).status).toBe(400);
    const restoreBad = await call(restore.POST, ADMIN, 'POST', '/api/admin/restore', { format: 'cinecat-backup', version: 1, tables: { genres: [{ id: 'x' }] } });
    expect(restoreBad.status).toBe(400);
    expect((await restoreBad.json()).error).toBe('Failed to restore table genres.');
    const unreadableUrl = new URL('/api/admin/restore', 'http://localhost');
    const unreadable = (await restore.POST({ request: new Request(unreadableUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"format": "cine' }),
      url: unreadableUrl, locals: { user: ADMIN }, params: {}, cache: NO_ROUTE_CACHE } as never)) as Response;
    expect([unreadable.status, await unreadable.json()]).toEqual([400, { error: 'Error reading the file.' }]);
    const partialReplace = await call(restore.POST, ADMIN, 'POST', '/api/admin/restore?mode=replace', { format: 'cinecat-backup', version: 1, tables: { genres: [] } });
    expect(partialReplace.status).toBe(400);
    expect((await partialReplace.json()).error).toMatch(/^Replace everything needs a full backup; this file lacks collections, /);
    expect(await currentDb.selectFrom('movies').select(['is_published', 'stream_url']).where('id', '=', movie.id).executeTakeFirstOrThrow())
      .toEqual({ is_published: false, stream_url: null });
  });

  it('a TV row edit saves the trailer; an episode edit saves its TMDB id and number, refusing a number already taken', async () => {
    setRebuildRunner(async () => {});
    const show = await insertShow(currentDb, { number_of_seasons: 1, trailer_key: 'old' });
    const [first, second] = await currentDb.insertInto('tv_show_episodes')
      .values([1, 2].map((episode_number) => ({ tv_show_id: show.id, season_number: 1, episode_number })))
      .returning('id').execute();
    const edited = await call(showEdit.PATCH, ADMIN, 'PATCH', '/api/admin/tv/show', { id: show.id, trailerKey: ' newKey_1 ' });
    expect(await edited.json()).toEqual({ message: 'Content updated successfully!' });
    expect(await currentDb.selectFrom('tv_shows').select('trailer_key').where('id', '=', show.id).executeTakeFirstOrThrow()).toEqual({ trailer_key: 'newKey_1' });
    const badKey = await call(showEdit.PATCH, ADMIN, 'PATCH', '/api/admin/tv/show', { id: show.id, trailerKey: '<script>' });
    expect([badKey.status, await badKey.json()]).toEqual([400, { error: 'trailerKey: Must be a YouTube video key.' }]);
    const missing = await call(showEdit.PATCH, ADMIN, 'PATCH', '/api/admin/tv/show', { id: 2_000_000_000, trailerKey: '' });
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'TV show not found.' }]);
    const cleared = await call(showEdit.PATCH, ADMIN, 'PATCH', '/api/admin/tv/show', { id: show.id, trailerKey: '' });
    expect(cleared.status).toBe(200);
    expect(await currentDb.selectFrom('tv_shows').select('trailer_key').where('id', '=', show.id).executeTakeFirstOrThrow()).toEqual({ trailer_key: null });

    const episodeEdit = { name: 'Two', overview: '', streamUrl: '', downloadUrl: '' };
    const saved = await call(episodes.PATCH, ADMIN, 'PATCH', '/api/admin/tv/episodes', { id: second!.id, ...episodeEdit, tmdbId: 4242, episodeNumber: 3 });
    expect(saved.status).toBe(200);
    expect(await currentDb.selectFrom('tv_show_episodes').select(['name', 'tmdb_id', 'episode_number']).where('id', '=', second!.id).executeTakeFirstOrThrow())
      .toEqual({ name: 'Two', tmdb_id: 4242, episode_number: 3 });
    const taken = await call(episodes.PATCH, ADMIN, 'PATCH', '/api/admin/tv/episodes', { id: second!.id, ...episodeEdit, name: 'Lost', tmdbId: null, episodeNumber: 1 });
    expect([taken.status, await taken.json()]).toEqual([409, { error: 'Episode 1 of season 1 already exists.' }]);
    const gone = await call(episodes.PATCH, ADMIN, 'PATCH', '/api/admin/tv/episodes', { id: 2_000_000_000, ...episodeEdit });
    expect([gone.status, await gone.json()]).toEqual([404, { error: 'Episode not found.' }]);
    expect(await currentDb.selectFrom('tv_show_episodes').select(['id', 'name', 'tmdb_id', 'episode_number']).where('tv_show_id', '=', show.id).orderBy('id').execute())
      .toEqual([{ id: first!.id, name: null, tmdb_id: null, episode_number: 1 }, { id: second!.id, name: 'Two', tmdb_id: 4242, episode_number: 3 }]);
  });

  it('ids beyond int4 are bad input (400), and deleting a request publishes nothing (no page lists requests)', async () => {
    setRebuildRunner(async () => {});
    await currentDb.deleteFrom('rebuild_requests').execute();
    const waits = await publishWaits(currentDb);
    const tooLarge = await call(requests.DELETE, ADMIN, 'DELETE', '/api/admin/requests', { id: 2147483648 });
    expect(tooLarge.status).toBe(400);
    expect((await call(episodes.GET, ADMIN, 'GET', '/api/admin/tv/episodes?showId=3000000000')).status).toBe(400);
    expect((await call(movies.PATCH, ADMIN, 'PATCH', '/api/admin/movies', { ids: [2147483648], isPublished: true })).status).toBe(400);
    const request = await currentDb.insertInto('requests').values({ message: 'Old one' }).returning('id').executeTakeFirstOrThrow();
    const deleted = await call(requests.DELETE, ADMIN, 'DELETE', '/api/admin/requests', { id: request.id });
    expect(await deleted.json()).toEqual({ message: 'Request deleted successfully.' });
    expect((await call(requests.DELETE, ADMIN, 'DELETE', '/api/admin/requests', { id: request.id })).status).toBe(404);
    expect(await currentDb.selectFrom('rebuild_requests').select('id').execute()).toEqual([]);
    expect(await publishWaits(currentDb)).toBe(waits);
  });

  it('backup answers a JSON download named by date', async () => {
    const response = await call(backup.GET, ADMIN, 'GET', '/api/admin/backup');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="backup-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(Object.keys((await response.json()).tables)).toContain('tv_show_episodes');
  });
});
