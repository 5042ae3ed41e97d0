import { describe, expect, it } from 'vitest';
import { mapProviders, mapShow, pickScreenshots, pickTrailerKey } from '../../src/lib/tmdb/mapper.ts';
import { seasonSchema, showDetailsSchema } from '../../src/lib/tmdb/schemas.ts';
import { seasonDetails, showDetails } from '../support/tmdb-fixtures/index.ts';

const video = (key: string, type: string, official = false, site = 'YouTube') => ({ key, type, official, site });

describe('TMDB mapper', () => {
  it('picks the official YouTube trailer, then any YouTube trailer, then a teaser', () => {
    expect(pickTrailerKey([video('t1', 'Trailer'), video('v1', 'Trailer', true, 'Vimeo'), video('t2', 'Trailer', true)])).toBe('t2');
    expect(pickTrailerKey([video('tz', 'Teaser', true), video('t1', 'Trailer')])).toBe('t1');
    expect(pickTrailerKey([video('c', 'Clip'), video('tz', 'Teaser')])).toBe('tz');
    expect(pickTrailerKey([video('c', 'Clip')])).toBeNull();
    expect(pickTrailerKey(undefined)).toBeNull();
  });

  it('keeps the first 8 backdrops as screenshots', () => {
    const backdrops = Array.from({ length: 12 }, (_, i) => ({ file_path: `/${i}.jpg` }));
    expect(pickScreenshots(backdrops)).toEqual(['/0.jpg', '/1.jpg', '/2.jpg', '/3.jpg', '/4.jpg', '/5.jpg', '/6.jpg', '/7.jpg']);
  });

  it('lists the region providers flatrate first, each once, and ignores other regions', () => {
    const p = (id: number) => ({ provider_id: id, provider_name: `P${id}`, logo_path: `/p${id}.png`, display_priority: id });
    const results = { US: { rent: [p(2), p(8)], flatrate: [p(8)], buy: [p(3)] }, GB: { flatrate: [p(99)] } };
    expect(mapProviders(results).map((x) => x.id)).toEqual([8, 2, 3]);
    expect(mapProviders(results, 'GB')).toEqual([{ id: 99, name: 'P99', logo_path: '/p99.png', display_priority: 99 }]);
    expect(mapProviders(results, 'FR')).toEqual([]);
  });

  it('maps every season of a show into episodes, season 0 included', () => {
    const details = showDetailsSchema.parse(showDetails(1399));
    const seasons = [0, 1, 2].map((n) => seasonSchema.parse(seasonDetails(1399, n)));
    const mapped = mapShow(details, seasons);
    expect(mapped.episodes.filter((e) => e.season_number === 0)).toHaveLength(2);
    expect(mapped.episodes).toHaveLength(6);
    expect(mapped.row).toMatchObject({ name: 'Show 1399', number_of_seasons: 2, tagline: null });
    expect(mapped.credits[0]!.character_name).toBe('Role 0');
  });
});
