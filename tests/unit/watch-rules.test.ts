/** Where to watch: TMDB's answer mapped for every region, the regions, the offers, and the services filter's input. */
import { describe, expect, it } from 'vitest';
import { mapMovie, mapProviders, mapWatchProviders } from '../../src/lib/tmdb/mapper.ts';
import { movieDetailsSchema } from '../../src/lib/tmdb/schemas.ts';
import { browseQuery, PlatformQuery } from '../../src/lib/catalog/contract.ts';
import { browseSearchParams, parseBrowseParams } from '../../src/lib/catalog/client/browse-params.ts';
import { groupOffers, nowhereMessage } from '../../src/lib/watch/client/offers.ts';
import { isIsoRegion, regionName, regionsByName } from '../../src/lib/watch/client/regions.ts';
import { parseServicesFilter, servicesFilterOf } from '../../src/lib/watch/client/services-filter.ts';
import { RegionQuery, WatchPreferencesBody } from '../../src/lib/watch/contract.ts';
import { describeIssues } from '../../src/lib/http/contract.ts';
import { buildDemoCatalogue } from '../../src/lib/demo/catalogue.ts';
import { movieDetails, WATCH_REGIONS } from '../support/tmdb-fixtures/index.ts';
import { parseQuery } from '../support/contract.ts';

const fixture = () => movieDetailsSchema.parse(movieDetails(1))['watch/providers']!.results;

describe('TMDB watch providers, every region', () => {
  it('keeps each ISO region with its offers by kind and its link, and every provider once', () => {
    const mapped = mapWatchProviders(fixture());
    expect(mapped.regions.map((r) => r.region)).toEqual(WATCH_REGIONS);
    expect(mapped.regions.find((r) => r.region === 'GB')).toEqual({ region: 'GB', link: 'https://www.themoviedb.org/watch?locale=GB' });
    // A link that is no http(s) URL is never kept: it would be an href.
    expect(mapped.regions.find((r) => r.region === 'JP')).toEqual({ region: 'JP', link: null });
    const of = (region: string) => mapped.offers.filter((o) => o.region === region).map((o) => `${o.kind}:${o.platform_id}`);
    expect(of('US')).toEqual(['flatrate:8', 'flatrate:337', 'rent:2']);
    expect(of('DE')).toEqual(['flatrate:8', 'ads:300', 'buy:2']);
    expect(of('FR')).toEqual(['free:301', 'rent:2']);
    expect(of('XX')).toEqual([]);
    expect(mapped.providers.map((p) => p.id).sort((a, b) => a - b)).toEqual([2, 8, 99, 300, 301, 337]);
    expect(mapped.providers.find((p) => p.id === 300)).toEqual({ id: 300, name: 'Ad Stream', logo_path: '/p300.jpg', display_priority: 300 });
  });

  it("gives the title's platforms as the default region's providers of the same answer", () => {
    const details = movieDetailsSchema.parse(movieDetails(1));
    for (const region of ['US', 'DE', 'FR']) {
      const mapped = mapMovie(details, region);
      const defaultRegionIds = new Set(mapped.watch.offers.filter((o) => o.region === region).map((o) => o.platform_id));
      expect(mapped.platforms.map((p) => p.id).sort()).toEqual([...defaultRegionIds].sort());
    }
    expect(mapProviders(fixture(), 'DE').map((p) => p.id)).toEqual([8, 300, 2]);
  });

  it('reads an answer without providers as none', () => {
    expect(mapWatchProviders(undefined)).toEqual({ providers: [], offers: [], regions: [] });
    expect(mapWatchProviders({ US: { link: 'https://x.example/' } })).toEqual({ providers: [], offers: [], regions: [] });
  });
});

describe('regions and offers', () => {
  it('knows the assigned ISO 3166-1 codes and their English names', () => {
    expect(['US', 'GB', 'DE', 'JP', 'KR', 'PS'].every(isIsoRegion)).toBe(true);
    expect(['ZZ', 'XX', 'EU', 'UK', 'us', 'USA', ''].some(isIsoRegion)).toBe(false);
    expect(regionName('GB')).toBe('United Kingdom');
    expect(regionsByName(['US', 'DE', 'GB', 'US'])).toEqual([
      { code: 'DE', name: 'Germany' }, { code: 'GB', name: 'United Kingdom' }, { code: 'US', name: 'United States' }]);
  });

  it('groups offers by kind in the pages’ order, and says plainly when there are none', () => {
    const provider = (id: number) => ({ id, name: `P${id}`, logoPath: null });
    expect(groupOffers([{ kind: 'buy', provider: provider(2) }, { kind: 'flatrate', provider: provider(8) }, { kind: 'ads', provider: provider(3) },
      { kind: 'flatrate', provider: provider(9) }]).map((o) => [o.label, o.providers.map((p) => p.id)]))
      .toEqual([['Stream', [8, 9]], ['With ads', [3]], ['Buy', [2]]]);
    expect(groupOffers([])).toEqual([]);
    expect(nowhereMessage('United Kingdom')).toBe('Not available to stream, rent or buy in United Kingdom.');
  });
});

describe('the services filter', () => {
  it('lives in the page URL, so a shared link shows the same titles', () => {
    const params = new URLSearchParams('genre=28&on=337,8,8&region=GB');
    const filters = parseBrowseParams(params, 'titles');
    expect(filters.services).toEqual({ serviceIds: [337, 8], region: 'GB' });
    expect(browseSearchParams(filters, 'titles').toString()).toBe('genre=28&on=337%2C8&region=GB');
    expect(parseServicesFilter(new URLSearchParams('on=8'))).toEqual({ serviceIds: [8], region: null });
    // A hand-edited URL shows the list unfiltered rather than nothing.
    for (const bad of ['on=8,x', 'on=', 'on=0', `on=${Array.from({ length: 31 }, (_, i) => i + 1).join(',')}`]) {
      expect(parseServicesFilter(new URLSearchParams(bad)), bad).toBeNull();
    }
    expect(parseServicesFilter(new URLSearchParams('on=8&region=gb'))).toEqual({ serviceIds: [8], region: null });
    expect(servicesFilterOf([337, 8], 'US', 'US')).toEqual({ serviceIds: [8, 337], region: null });
    expect(servicesFilterOf([8], 'GB', 'US')).toEqual({ serviceIds: [8], region: 'GB' });
    expect(servicesFilterOf([], 'GB', 'US')).toBeNull();
  });

  it('the endpoints refuse a bad region or provider list with a clear message', () => {
    const browse = (query: string) => parseQuery(browseQuery(() => new Date(Date.UTC(2026, 0, 1))), `type=movie&${query}`);
    expect(browse('on=8,337&region=GB')).toMatchObject({ ok: true, data: { servicesFilter: { serviceIds: [8, 337], region: 'GB' } } });
    expect(browse('on=8')).toMatchObject({ ok: true, data: { servicesFilter: { serviceIds: [8], region: null } } });
    expect(browse('region=GB')).toEqual({ ok: true, data: { type: 'movie', genreIds: [], year: null, sort: 'just-added', page: 1 } });
    expect(browse('on=8,netflix')).toEqual({ ok: false, error: 'on.1: on must be a comma-separated list of provider ids.' });
    expect(browse('on=-8')).toMatchObject({ ok: false, error: 'on.0: on must be a comma-separated list of provider ids.' });
    expect(browse(`on=${Array.from({ length: 31 }, (_, i) => i + 1).join(',')}`)).toEqual({ ok: false, error: 'on: At most 30 services.' });
    expect(browse('on=8&region=ZZ')).toEqual({ ok: false, error: 'region: Unknown region: ZZ.' });
    expect(browse('on=8&region=gb')).toEqual({ ok: false, error: 'region: region must be a two-letter ISO 3166-1 code in capitals, such as US.' });
    expect(parseQuery(PlatformQuery, 'id=9&on=8')).toEqual({ ok: true, data: { id: 9, page: 1, servicesFilter: { serviceIds: [8], region: null } } });
    expect(parseQuery(PlatformQuery, 'id=9&on=8&region=QQ')).toEqual({ ok: false, error: 'region: Unknown region: QQ.' });
    expect(parseQuery(RegionQuery, 'region=')).toEqual({ ok: true, data: {} });
    expect(parseQuery(RegionQuery, 'region=USA')).toMatchObject({ ok: false });
  });

  it('the preferences body takes a known region, at most 30 service ids, and at least one of them', () => {
    const parse = (body: unknown) => {
      const result = WatchPreferencesBody.safeParse(body);
      return result.success ? result.data : describeIssues(result.error);
    };
    expect(parse({ region: 'GB', services: [8, 337] })).toEqual({ region: 'GB', services: [8, 337] });
    expect(parse({ services: [] })).toEqual({ services: [] });
    expect(parse({})).toBe('Give a region, services or both.');
    expect(parse({ region: 'XX' })).toBe('region: Unknown region: XX.');
    expect(parse({ services: ['8'] })).toEqual({ services: [8] });
    expect(parse({ services: ['netflix'] })).toMatch(/^services\.0: /);
    expect(parse({ services: 8 })).toBe('services: services must be a list of provider ids.');
    expect(parse({ services: Array.from({ length: 31 }, (_, i) => i + 1) })).toBe('services: At most 30 services.');
  });
});

describe('the demo catalogue', () => {
  it('has providers in several regions, every kind, and its platforms are the default region\'s providers', () => {
    for (const region of ['US', 'GB']) {
      const demo = buildDemoCatalogue({ movies: 120, shows: 30, people: 200, region, now: new Date('2026-06-01T00:00:00Z') });
      const regions = new Set(demo.titleWatchRegions.map((row) => row.region));
      expect(regions.size, region).toBeGreaterThanOrEqual(5);
      expect(regions.has(region)).toBe(true);
      expect(new Set(demo.titleWatchProviders.map((row) => row.kind))).toEqual(new Set(['flatrate', 'free', 'ads', 'rent', 'buy']));
      const key = (type: string, id: number, platform: number) => `${type} ${id} ${platform}`;
      const platforms = [...demo.movieProviders.map((row) => key('movie', row.movie_id, row.platform_id)),
        ...demo.tvShowProviders.map((row) => key('tv', row.tv_show_id, row.platform_id))];
      const defaultRegionOffers = new Set(demo.titleWatchProviders.filter((row) => row.region === region)
        .map((row) => key(row.content_type, row.title_id, row.platform_id)));
      expect(new Set(platforms)).toEqual(defaultRegionOffers);
      // Each region carries some services only: the services a user can pick differ by region.
      const servicesIn = (r: string) => new Set(demo.titleWatchProviders.filter((row) => row.region === r && row.kind !== 'rent' && row.kind !== 'buy')
        .map((row) => row.platform_id));
      expect([...regions].some((r) => servicesIn(r).size < servicesIn(region).size)).toBe(true);
    }
  });
});
