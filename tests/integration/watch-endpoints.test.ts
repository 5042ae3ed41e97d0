/**
 * Where to watch through its endpoints: a title's offers in a region, the regions and their services, a user's
 * region and services (bad input refused with nothing saved), the listings' "Only on my services" filter, and what
 * the prerendered pages and the platforms list get.
 */
import type { APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database, WatchKind } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertMovie, insertShow } from '../support/catalogue-fixtures.ts';
import { callEndpoint, insertUser } from '../support/personal-fixtures.ts';
import { listPlatforms } from '../../src/lib/catalog/platforms.ts';
import { sitemapEntries } from '../../src/lib/page-loaders/sitemap.ts';
import { loadMoviePages } from '../../src/lib/page-loaders/movie-page.ts';
import { isOnServices } from '../../src/lib/watch/providers.ts';

let currentDb: Kysely<Database>;
vi.mock('../../src/lib/db.ts', () => ({ getDb: async () => currentDb }));
const handlers = {
  providers: (await import('../../src/pages/api/titles/[type]/[tmdbId]/providers.ts')).GET,
  regions: (await import('../../src/pages/api/watch/regions.ts')).GET,
  services: (await import('../../src/pages/api/watch/services.ts')).GET,
  preferences: (await import('../../src/pages/api/me/watch-preferences.ts')).GET,
  savePreferences: (await import('../../src/pages/api/me/watch-preferences.ts')).PUT,
  browse: (await import('../../src/pages/api/catalog/browse.ts')).GET,
  platform: (await import('../../src/pages/api/catalog/platform.ts')).GET,
};
afterEach(() => vi.unstubAllEnvs());

async function get(handler: APIRoute, path: string, params: Record<string, string> = {}) {
  const response = await callEndpoint(handler, null, 'GET', path, { params });
  return { status: response.status, body: await response.json(), cache: response.headers.get('cache-control') };
}

const PLATFORMS = [
  { id: 8, name: 'Netflix', logo_path: '/netflix.jpg', display_priority: 1 },
  { id: 337, name: 'Disney Plus', logo_path: '/disney.jpg', display_priority: 2 },
  { id: 2, name: 'Apple TV', logo_path: '/apple.jpg', display_priority: 3 },
  { id: 39, name: 'NOW', logo_path: '/now.jpg', display_priority: 4 },
  { id: 300, name: 'Ad Stream', logo_path: null, display_priority: 5 },
];

describeEachEngine('where to watch, by region', (getDb) => {
  const ids: Record<string, { id: number; tmdb_id: number }> = {};
  const offer = async (title: string, region: string, kind: WatchKind, platform_id: number, display_priority = 0, type: 'movie' | 'tv' = 'movie') =>
    getDb().insertInto('title_watch_providers').values({ content_type: type, title_id: ids[title]!.id, region, kind, platform_id, display_priority }).execute();

  beforeAll(async () => {
    const db = getDb();
    currentDb = db;
    await db.insertInto('platforms').values(PLATFORMS).execute();
    ids.everywhere = await insertMovie(db, { title: 'Everywhere' });
    ids.ukOnly = await insertMovie(db, { title: 'UK Only' });
    ids.nowhere = await insertMovie(db, { title: 'Nowhere' });
    ids.draft = await insertMovie(db, { title: 'Draft', is_published: false });
    ids.show = await insertShow(db, { name: 'A Show' });
    await offer('everywhere', 'US', 'flatrate', 8, 1);
    await offer('everywhere', 'US', 'rent', 2, 3);
    await offer('everywhere', 'US', 'buy', 2, 3);
    await offer('everywhere', 'GB', 'flatrate', 39, 2);
    await offer('everywhere', 'GB', 'flatrate', 8, 1);
    await offer('everywhere', 'GB', 'ads', 300, 5);
    await offer('everywhere', 'GB', 'buy', 2, 3);
    await offer('ukOnly', 'GB', 'flatrate', 337, 2);
    await offer('ukOnly', 'GB', 'rent', 2, 3);
    await offer('draft', 'FR', 'flatrate', 8);
    await offer('show', 'DE', 'flatrate', 8, 1, 'tv');
    await db.insertInto('movie_providers').values({ movie_id: ids.everywhere!.id, platform_id: 8 }).execute();
    await db.insertInto('title_watch_regions').values([
      { content_type: 'movie', title_id: ids.everywhere!.id, region: 'GB', link: 'https://www.themoviedb.org/movie/1/watch?locale=GB' },
      { content_type: 'movie', title_id: ids.everywhere!.id, region: 'US', link: null },
      { content_type: 'movie', title_id: ids.ukOnly!.id, region: 'GB', link: null },
      { content_type: 'tv', title_id: ids.show!.id, region: 'DE', link: null },
    ]).execute();
  });

  it('a title\'s offers in a region, by kind in TMDB\'s order, public and cacheable', async () => {
    const path = (region = '') => `/api/titles/movie/${ids.everywhere!.tmdb_id}/providers${region}`;
    const params = { type: 'movie', tmdbId: String(ids.everywhere!.tmdb_id) };
    const gb = await get(handlers.providers, path('?region=GB'), params);
    expect(gb).toEqual({ status: 200, cache: 'public, max-age=300', body: {
      region: 'GB', regionName: 'United Kingdom', link: 'https://www.themoviedb.org/movie/1/watch?locale=GB', offers: [
        { kind: 'flatrate', label: 'Stream', providers: [{ id: 8, name: 'Netflix', logoPath: '/netflix.jpg' }, { id: 39, name: 'NOW', logoPath: '/now.jpg' }] },
        { kind: 'ads', label: 'With ads', providers: [{ id: 300, name: 'Ad Stream', logoPath: null }] },
        { kind: 'buy', label: 'Buy', providers: [{ id: 2, name: 'Apple TV', logoPath: '/apple.jpg' }] },
      ] } });
    // No region: the site's default.
    expect((await get(handlers.providers, path(), params)).body).toMatchObject({ region: 'US', regionName: 'United States',
      offers: [{ kind: 'flatrate' }, { kind: 'rent' }, { kind: 'buy' }] });
    vi.stubEnv('DEFAULT_REGION', 'GB');
    expect((await get(handlers.providers, path(), params)).body).toMatchObject({ region: 'GB' });
    // Nowhere there: no offers (the page says so).
    expect((await get(handlers.providers, path('?region=JP'), params)).body).toEqual({ region: 'JP', regionName: 'Japan', link: null, offers: [] });
    const show = await get(handlers.providers, `/api/titles/tv/${ids.show!.tmdb_id}/providers?region=DE`, { type: 'tv', tmdbId: String(ids.show!.tmdb_id) });
    expect(show.body.offers).toEqual([{ kind: 'flatrate', label: 'Stream', providers: [{ id: 8, name: 'Netflix', logoPath: '/netflix.jpg' }] }]);
  });

  it('refuses an unknown region, a bad title and an unpublished one', async () => {
    const params = { type: 'movie', tmdbId: String(ids.everywhere!.tmdb_id) };
    const providersAt = (query: string, at = params) => get(handlers.providers, `/api/titles/${at.type}/${at.tmdbId}/providers?${query}`, at);
    expect(await providersAt('region=ZZ')).toMatchObject({ status: 400, body: { error: 'region: Unknown region: ZZ.' } });
    expect(await providersAt('region=gb')).toMatchObject({ status: 400, body: { error: 'region: region must be a two-letter ISO 3166-1 code in capitals, such as US.' } });
    expect(await providersAt('region=GB', { type: 'movie', tmdbId: String(ids.draft!.tmdb_id) })).toMatchObject({ status: 404, body: { error: 'Movie not found.' } });
    expect(await providersAt('region=GB', { type: 'tv', tmdbId: String(ids.everywhere!.tmdb_id) })).toMatchObject({ status: 404, body: { error: 'TV show not found.' } });
    expect((await providersAt('', { type: 'book', tmdbId: '1' })).status).toBe(400);
    expect((await providersAt('', { type: 'movie', tmdbId: 'abc' })).status).toBe(400);
  });

  it('lists the regions with providers, and the services a user can pick in one', async () => {
    const regions = await get(handlers.regions, '/api/watch/regions');
    expect(regions).toMatchObject({ status: 200, cache: 'public, max-age=300' });
    expect(regions.body).toEqual({ defaultRegion: 'US', regions: [
      { code: 'DE', name: 'Germany' }, { code: 'GB', name: 'United Kingdom' }, { code: 'US', name: 'United States' }] });
    vi.stubEnv('DEFAULT_REGION', 'JP');
    expect((await get(handlers.regions, '/api/watch/regions')).body.regions.map((r: { code: string }) => r.code)).toEqual(['DE', 'JP', 'GB', 'US']);

    // Streaming services only (stream, free, with ads): Apple TV only rents and sells there.
    expect((await get(handlers.services, '/api/watch/services?region=GB')).body).toEqual({ region: 'GB', services: [
      { id: 300, name: 'Ad Stream', logoPath: null }, { id: 337, name: 'Disney Plus', logoPath: '/disney.jpg' },
      { id: 8, name: 'Netflix', logoPath: '/netflix.jpg' }, { id: 39, name: 'NOW', logoPath: '/now.jpg' }] });
    expect((await get(handlers.services, '/api/watch/services')).body).toMatchObject({ region: 'JP', services: [] });
    expect(await get(handlers.services, '/api/watch/services?region=EU')).toMatchObject({ status: 400, body: { error: 'region: Unknown region: EU.' } });
  });

  it('a user keeps a region and services; bad input gets a clear 400 and saves nothing', async () => {
    const db = getDb();
    const user = await insertUser(db, 'services@example.com');
    const read = async () => (await (await callEndpoint(handlers.preferences, user, 'GET', '/api/me/watch-preferences')).json());
    const save = async (body: unknown) => {
      const response = await callEndpoint(handlers.savePreferences, user, 'PUT', '/api/me/watch-preferences', { body });
      return { status: response.status, body: await response.json() };
    };
    expect(await read()).toEqual({ region: 'US', services: [] });
    expect(await save({ region: 'GB', services: [337, 8, 8] }))
      .toEqual({ status: 200, body: { region: 'GB', services: [8, 337], message: 'Your region and services are saved.' } });
    expect(await save({ services: [39] })).toMatchObject({ body: { region: 'GB', services: [39] } });
    expect(await save({ region: 'US' })).toMatchObject({ body: { region: 'US', services: [39] } });

    const rows = async () => ({
      preferences: await db.selectFrom('user_preferences').selectAll().where('user_id', '=', user.id).execute(),
      services: await db.selectFrom('user_watch_services').selectAll().where('user_id', '=', user.id).execute(),
    });
    const before = await rows();
    for (const [body, error] of [
      [{ region: 'ZZ', services: [8] }, 'region: Unknown region: ZZ.'],
      [{ region: 'GB', services: [8, 123456] }, 'Unknown service: 123456.'],
      [{ services: ['netflix'] }, 'services.0: Invalid input: expected number, received NaN'],
      [{ services: Array.from({ length: 31 }, (_, i) => i + 1) }, 'services: At most 30 services.'],
      [{ services: [3_000_000_000] }, undefined],
      [{}, 'Give a region, services or both.'],
    ] as const) {
      const refused = await save(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (error) expect(refused.body.error).toBe(error);
    }
    expect(await rows()).toEqual(before);
  });

  it('"Only on my services" keeps the titles those services stream in the region, from the URL alone', async () => {
    const browse = (query: string) => get(handlers.browse, `/api/catalog/browse?type=movie&${query}`);
    const titlesOf = (body: { items: { title: string }[] }) => body.items.map((card) => card.title).sort();
    expect(titlesOf((await browse('on=8')).body)).toEqual(['Everywhere']);
    expect(titlesOf((await browse('on=337,8&region=GB')).body)).toEqual(['Everywhere', 'UK Only']);
    // Renting is not being on a service; nor is a region the title is not offered in.
    expect((await browse('on=2&region=GB')).body).toMatchObject({ items: [], total: 0, totalPages: 0 });
    expect((await browse('on=8&region=FR')).body.total).toBe(0);
    expect(await browse('on=8,netflix')).toMatchObject({ status: 400, body: { error: 'on.1: on must be a comma-separated list of provider ids.' } });
    expect(await browse(`on=${Array.from({ length: 31 }, (_, i) => i + 1).join(',')}`)).toMatchObject({ status: 400, body: { error: 'on: At most 30 services.' } });
    expect(await browse('on=8&region=XX')).toMatchObject({ status: 400, body: { error: 'region: Unknown region: XX.' } });
    vi.stubEnv('DEFAULT_REGION', 'GB');
    expect(titlesOf((await browse('on=337')).body)).toEqual(['UK Only']);

    const platform = (query: string) => get(handlers.platform, `/api/catalog/platform?id=8&${query}`);
    expect((await platform('on=8&region=US')).body).toMatchObject({ platform: { id: 8, name: 'Netflix' }, total: 1 });
    expect((await platform('on=337&region=GB')).body).toMatchObject({ items: [], total: 0 });
    expect((await platform('on=8,x')).status).toBe(400);
    expect(await isOnServices(getDb(), { type: 'movie', tmdbId: ids.ukOnly!.tmdb_id }, 'GB', [8, 337])).toBe(true);
    expect(await isOnServices(getDb(), { type: 'movie', tmdbId: ids.ukOnly!.tmdb_id }, 'GB', [2])).toBe(false);
    expect(await isOnServices(getDb(), { type: 'movie', tmdbId: ids.ukOnly!.tmdb_id }, 'US', [337])).toBe(false);
  });

  it('the prerendered page gets the default region\'s offers; the platforms list leaves out other regions\' providers', async () => {
    const [detail] = await loadMoviePages(getDb(), [ids.everywhere!.tmdb_id]);
    expect(detail!.watch).toMatchObject({ region: 'US', link: null, offers: [
      { label: 'Stream', providers: [{ name: 'Netflix' }] }, { label: 'Rent', providers: [{ name: 'Apple TV' }] }, { label: 'Buy' }] });
    const [nowhere] = await loadMoviePages(getDb(), [ids.nowhere!.tmdb_id]);
    expect(nowhere!.watch).toEqual({ region: 'US', regionName: 'United States', link: null, offers: [] });

    await getDb().insertInto('platforms').values({ id: 4000, name: 'Made By Hand', logo_path: null }).execute();
    // Netflix has a title here; Made By Hand is no title's provider anywhere; the others are only other regions'.
    expect((await listPlatforms(getDb())).map((p) => p.name)).toEqual(['Made By Hand', 'Netflix']);
    const platformPages = (await sitemapEntries(getDb())).map((entry) => entry.path).filter((path) => path.startsWith('/platforms/'));
    expect(platformPages).toEqual(['/platforms/8/netflix', '/platforms/4000/made-by-hand']);
  });
});
