import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachEngine } from '../support/engines.ts';
import { insertGenres, insertMovie, insertPerson, insertShow } from '../support/catalogue-fixtures.ts';
import { resolveDetailFallback } from '../../src/lib/page-loaders/detail-fallback.ts';
import { sitemapEntries, sitemapPartEntries, sitemapPartName, sitemapPartSizes } from '../../src/lib/page-loaders/sitemap.ts';
import { sitemapPartPage } from '../../src/lib/pages/sitemap-pages.ts';
import { moviePage, personPage, tvPage } from '../../src/lib/pages/detail-pages.ts';

async function seed(db: Kysely<Database>): Promise<void> {
  await insertGenres(db);
  await db.insertInto('collections').values({ id: 90, name: 'Harbor Saga', overview: null, poster_path: null, backdrop_path: null }).execute();
  await db.insertInto('collections').values({ id: 91, name: 'Draft Saga', overview: null, poster_path: null, backdrop_path: null }).execute();
  const movie = await insertMovie(db, { tmdb_id: 7001, title: 'Blue Harbor: Part II', genres: [28], collection_id: 90 });
  await insertMovie(db, { tmdb_id: 7002, title: 'Hidden Draft', is_published: false, genres: [27], collection_id: 91 });
  await insertShow(db, { tmdb_id: 8001, name: 'Night Shift', genres: [18] });
  await insertShow(db, { tmdb_id: 8002, name: 'Draft Show', is_published: false });
  await insertPerson(db, 9001, 'Zoë Marlowe');
  await insertPerson(db, 9002, 'Nobody Credited');
  await db.insertInto('movie_credits').values({ movie_id: movie.id, person_id: 9001, credit_order: 0, character_name: null }).execute();
}

describeEachEngine('detail fallbacks', (getDb) => {
  it('a stale or missing slug moves to the canonical URL', async () => {
    expect(await resolveDetailFallback(getDb(), 'movie', 'old-name/7001'))
      .toEqual({ kind: 'redirect', location: '/movie/blue-harbor-part-ii/7001' });
    expect(await resolveDetailFallback(getDb(), 'tv', '8001')).toEqual({ kind: 'redirect', location: '/tv/night-shift/8001' });
    expect(await resolveDetailFallback(getDb(), 'person', 'zoe/9001')).toEqual({ kind: 'redirect', location: '/people/zoe-marlowe/9001' });
  });

  it('unknown ids and drafts are not found; a path without an id says so', async () => {
    expect(await resolveDetailFallback(getDb(), 'movie', 'hidden-draft/7002')).toEqual({ kind: 'error', message: 'Movie not found.' });
    expect(await resolveDetailFallback(getDb(), 'movie', 'x/999999')).toEqual({ kind: 'error', message: 'Movie not found.' });
    expect(await resolveDetailFallback(getDb(), 'movie', undefined)).toEqual({ kind: 'error', message: 'No movie ID provided.' });
    expect(await resolveDetailFallback(getDb(), 'tv', 'draft-show/8002')).toEqual({ kind: 'error', message: 'TV show not found.' });
    expect(await resolveDetailFallback(getDb(), 'tv', 'no-id-here')).toEqual({ kind: 'error', message: 'No TV show ID provided.' });
    expect(await resolveDetailFallback(getDb(), 'person', 'nobody-credited/9002')).toEqual({ kind: 'error', message: 'Actor not found.' });
  });

  it('a canonical URL is the row\'s page, not a redirect loop', async () => {
    expect(await resolveDetailFallback(getDb(), 'movie', 'blue-harbor-part-ii/7001')).toEqual({ kind: 'live', id: 7001 });
    expect(await resolveDetailFallback(getDb(), 'tv', 'night-shift/8001')).toEqual({ kind: 'live', id: 8001 });
    expect(await resolveDetailFallback(getDb(), 'person', 'zoe-marlowe/9001')).toEqual({ kind: 'live', id: 9001 });
  });

  it('a detail page loads its row\'s data with the tags of what it shows, from its params or any URL under its prefix', async () => {
    const movie = await moviePage.load(getDb(), { slug: 'blue-harbor-part-ii', tmdbId: '7001' });
    expect(movie).toMatchObject({ kind: 'page',
      data: { props: { movie: { tmdbId: 7001, title: 'Blue Harbor: Part II', cast: [{ name: 'Zoë Marlowe' }], genres: [{ id: 28 }] } } } });
    expect(movie.kind === 'page' && movie.data.tags).toEqual(expect.arrayContaining(['m7001', 'g28', 'pc9001', 'c90']));
    expect(await tvPage.loadRest(getDb(), 'night-shift/8001')).toMatchObject({ kind: 'page', data: { props: { show: { tmdbId: 8001, title: 'Night Shift' } } } });
    const person = await personPage.load(getDb(), { slug: 'zoe-marlowe', id: '9001' });
    expect(person).toMatchObject({ kind: 'page', data: { props: { person: { id: 9001, name: 'Zoë Marlowe', knownFor: [{ title: 'Blue Harbor: Part II' }] } } } });
    expect(person.kind === 'page' && person.data.tags).toEqual(['p9001', 'mi7001']);
    expect(await moviePage.load(getDb(), { slug: 'old-name', tmdbId: '7001' })).toEqual({ kind: 'redirect', location: '/movie/blue-harbor-part-ii/7001' });
    expect(await tvPage.load(getDb(), { slug: 'draft-show', tmdbId: '8002' })).toEqual({ kind: 'missing', message: 'TV show not found.' });
    expect(await moviePage.load(getDb(), {})).toEqual({ kind: 'missing', message: 'No movie ID provided.' });
  });
}, { seed });

describeEachEngine('sitemap', (getDb) => {
  it('lists static pages and every public detail, category and franchise URL, and no drafts', async () => {
    const paths = (await sitemapEntries(getDb())).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining([
      '/', '/about', '/movies', '/movie/blue-harbor-part-ii/7001', '/tv/night-shift/8001', '/people/zoe-marlowe/9001',
      '/category/movie/28/action', '/category/tv/18/drama', '/franchise/90/harbor-saga',
    ]));
    for (const hidden of ['hidden-draft', 'draft-show', 'nobody-credited', '/category/movie/27/', '/franchise/91/', '/category/tv/28/']) {
      expect(paths.some((path) => path.includes(hidden))).toBe(false);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('dates each title and person by the UTC day of their last change, whatever the server\'s time zone', async () => {
    const db = getDb();
    await db.updateTable('movies').set({ updated_at: new Date('2026-03-04T23:30:00-05:00') }).where('tmdb_id', '=', 7001).execute();
    await db.updateTable('people').set({ updated_at: new Date('2026-03-05T00:30:00+09:00') }).where('id', '=', 9001).execute();
    const entries = await sitemapEntries(db);
    expect(entries.find((entry) => entry.path === '/movie/blue-harbor-part-ii/7001')?.lastModified).toBe('2026-03-05');
    expect(entries.find((entry) => entry.path === '/people/zoe-marlowe/9001')?.lastModified).toBe('2026-03-04');
  });

  it('its parts, each a range of ids of a section, hold every URL once, and none is served while one file holds them', async () => {
    const db = getDb();
    await insertMovie(db, { tmdb_id: 27_001, title: 'Far Harbor' });
    await insertMovie(db, { tmdb_id: 37_001, title: 'Far Draft', is_published: false });
    const sizes = await sitemapPartSizes(db);
    expect(sizes.map(({ part, urls }) => [sitemapPartName(part), urls])).toEqual([
      ['pages', 13 + 2], ['movies-0', 1], ['movies-2', 1], ['tv-shows-0', 1], ['people-0', 1], ['franchises-0', 1],
    ]);
    const parts = await Promise.all(sizes.map(({ part }) => sitemapPartEntries(db, part)));
    expect(parts.map((entries) => entries.length)).toEqual(sizes.map(({ urls }) => urls));
    expect(parts.flat()).toEqual(await sitemapEntries(db));
    expect(parts[2]!.map((entry) => entry.path)).toEqual(['/movie/far-harbor/27001']);
    for (const part of ['movies-0', 'pages', 'movies-3', 'nothing']) expect(await sitemapPartPage.load(db, { part })).toEqual({ kind: 'missing' });
  });
}, { seed });
