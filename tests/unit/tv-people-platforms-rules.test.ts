import { describe, expect, it } from 'vitest';
import { defaultSeason, parseEpisodeRequest, seasonLabel } from '../../src/lib/catalog/client/seasons.ts';
import { compareKnownFor, personAge, type KnownForKeys } from '../../src/lib/catalog/client/people-params.ts';
import { platformEmptyMessage, platformHref, selectedPlatformId } from '../../src/lib/catalog/client/platform-params.ts';
import { PeopleQuery, PlatformQuery } from '../../src/lib/catalog/contract.ts';
import { catalogRoutes } from '../../src/lib/catalog/routes.ts';
import { urlOf } from '../../src/lib/http/route.ts';
import { parseQuery } from '../support/contract.ts';
import type { PersonPage } from '../../src/lib/page-loaders/person-page.ts';
import { personJsonLd, tvSeriesJsonLd } from '../../src/lib/page-loaders/seo.ts';
import type { TvPage } from '../../src/lib/page-loaders/tv-page.ts';
import { shareLink, SHARE_COPIED_MESSAGE, SHARE_FAILED_MESSAGE } from '../../src/lib/ui/client/share.ts';

describe('seasons', () => {
  it('labels season 0 Specials and defaults to the first season above 0', () => {
    expect(seasonLabel(0)).toBe('Specials');
    expect(seasonLabel(3)).toBe('Season 3');
    expect(defaultSeason([0, 1, 2])).toBe(1);
    expect(defaultSeason([0])).toBe(0);
    expect(defaultSeason([])).toBeNull();
  });

  it('reads ?season=N&episode=M, ignoring junk', () => {
    expect(parseEpisodeRequest(new URLSearchParams('season=2&episode=5'))).toEqual({ season: 2, episode: 5 });
    expect(parseEpisodeRequest(new URLSearchParams('season=0'))).toEqual({ season: 0, episode: null });
    expect(parseEpisodeRequest(new URLSearchParams('season=x&episode=1'))).toBeNull();
    expect(parseEpisodeRequest(new URLSearchParams('episode=1'))).toBeNull();
  });
});

describe('people', () => {
  it('age is the current year minus the birth year', () => {
    expect(personAge('1980-12-31', new Date('2026-01-01T00:00:00Z'))).toBe(46);
    expect(personAge(null)).toBeNull();
  });

  it('sorts Known For by popularity, newest or rating, credits without a public title last', () => {
    const a: KnownForKeys = { popularity: 5, date: '2001-01-01', rating: 9 };
    const b: KnownForKeys = { popularity: 8, date: '1999-01-01', rating: 6 };
    const hidden: KnownForKeys = { popularity: null, date: null, rating: null };
    const order = (sort: Parameters<typeof compareKnownFor>[0]) => [hidden, a, b].sort((x, y) => compareKnownFor(sort, x, y));
    expect(order('popularity')).toEqual([b, a, hidden]);
    expect(order('newest')).toEqual([a, b, hidden]);
    expect(order('top-rated')).toEqual([a, b, hidden]);
  });

  it('validates the people endpoint query', () => {
    expect(parseQuery(PeopleQuery, '')).toEqual({ ok: true, data: { sort: 'popularity', page: 1 } });
    expect(parseQuery(PeopleQuery, 'sort=name&page=3')).toEqual({ ok: true, data: { sort: 'name', page: 3 } });
    expect(parseQuery(PeopleQuery, 'sort=age')).toEqual({ ok: false, error: 'sort: sort must be popularity or name.' });
    expect(parseQuery(PeopleQuery, 'page=0')).toEqual({ ok: false, error: 'page: page must be at least 1.' });
    expect(urlOf(catalogRoutes.people, { query: { sort: 'name', page: 2 } })).toBe('/api/catalog/people?sort=name&page=2');
  });
});

describe('platforms', () => {
  it("picks the platform from ?id, else the page's own; each platform has its own address", () => {
    expect(selectedPlatformId(new URLSearchParams('id=9'), 4)).toBe(9);
    expect(selectedPlatformId(new URLSearchParams('id=abc'), 4)).toBe(4);
    expect(selectedPlatformId(new URLSearchParams(''), null)).toBeNull();
    expect(platformHref({ id: 8, name: 'Stream+ Max!' })).toBe('/platforms/8/stream-max');
  });

  it('has the spec empty message and a validated endpoint query', () => {
    expect(platformEmptyMessage('Lumora')).toBe('No content found for Lumora.');
    expect(urlOf(catalogRoutes.platform, { query: { id: 9, page: 2 } })).toBe('/api/catalog/platform?id=9&page=2');
    expect(parseQuery(PlatformQuery, 'id=9')).toEqual({ ok: true, data: { id: 9, page: 1 } });
    expect(parseQuery(PlatformQuery, 'page=2')).toEqual({ ok: false, error: 'id: id is required.' });
  });
});

describe('share', () => {
  const data = { title: 'T', url: 'https://example.test/tv/t/1' };

  it('uses the Web Share API when present, treating a closed sheet as cancelled', async () => {
    expect(await shareLink(data, { share: async () => undefined })).toBe('shared');
    expect(await shareLink(data, { share: async () => { throw new DOMException('closed', 'AbortError'); } })).toBe('cancelled');
    expect(await shareLink(data, { share: async () => { throw new Error('nope'); } })).toBe('failed');
  });

  it('falls back to copying the link, and fails without a clipboard', async () => {
    const copied: string[] = [];
    expect(await shareLink(data, { clipboard: { writeText: async (text: string) => { copied.push(text); } } })).toBe('copied');
    expect(copied).toEqual([data.url]);
    expect(await shareLink(data, { clipboard: { writeText: async () => { throw new Error('denied'); } } })).toBe('failed');
    expect(await shareLink(data, {})).toBe('failed');
    expect([SHARE_COPIED_MESSAGE, SHARE_FAILED_MESSAGE]).toEqual(['Link copied to clipboard!', 'Could not share at this time.']);
  });
});

describe('JSON-LD', () => {
  const site = new URL('https://cine.example');

  it('describes a TV show as a TVSeries with its breadcrumb trail', () => {
    const show = {
      tmdbId: 7, title: 'Night Shift', slug: 'night-shift', overview: 'Nurses.', posterPath: '/p.jpg', firstAirDate: '2019-03-01',
      numberOfSeasons: 2, voteAverage: 7.5, voteCount: 321, genres: [{ id: 18, name: 'Drama' }], cast: [{ name: 'Ada Star' }],
    } as unknown as TvPage;
    const [series, trail] = tvSeriesJsonLd(show, '/tv/night-shift/7', site) as Record<string, unknown>[];
    expect(series).toMatchObject({
      '@type': 'TVSeries', name: 'Night Shift', url: 'https://cine.example/tv/night-shift/7', startDate: '2019-03-01', numberOfSeasons: 2,
      image: 'https://image.tmdb.org/t/p/w500/p.jpg', genre: ['Drama'], actor: [{ '@type': 'Person', name: 'Ada Star' }],
      // TMDB's average over its votes, never a made-up count.
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 7.5, bestRating: 10, worstRating: 0, ratingCount: 321 },
    });
    expect(tvSeriesJsonLd({ ...show, voteCount: 0 }, '/tv/night-shift/7', site)[0]).not.toHaveProperty('aggregateRating', expect.anything());
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((trail!.itemListElement as { name: string }[]).map((i) => i.name)).toEqual(['Home', 'TV Shows', 'Night Shift']);
  });

  it('describes a person with birth details and social profiles', () => {
    const person = {
      id: 3, name: 'Ada Star', profilePath: null, birthday: '1980-06-15', placeOfBirth: 'Lyon, France', department: 'Acting',
      biography: null, twitterUrl: 'https://twitter.com/ada', instagramUrl: null,
    } as unknown as PersonPage;
    const [entity, trail] = personJsonLd(person, '/people/ada-star/3', site) as Record<string, unknown>[];
    expect(entity).toMatchObject({
      '@type': 'Person', name: 'Ada Star', birthDate: '1980-06-15', birthPlace: 'Lyon, France', jobTitle: 'Acting', sameAs: ['https://twitter.com/ada'],
    });
    expect((trail!.itemListElement as { item: string }[]).map((i) => i.item))
      .toEqual(['https://cine.example/', 'https://cine.example/people', 'https://cine.example/people/ada-star/3']);
  });
});
