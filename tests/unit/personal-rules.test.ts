import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeAge } from '../../src/lib/requests/client/relative-time.ts';
import { requesterName } from '../../src/lib/requests/requests.ts';
import { countryOf, deviceTypeOf } from '../../src/lib/analytics/events.ts';
import fc from 'fast-check';
import { formatViewCount, viewsToReport } from '../../src/lib/analytics/client/view-reporting.ts';
import { createThrottle, progressPercentage, readPlayerMessage } from '../../src/lib/history/client/player-progress.ts';
import { resumeHref } from '../../src/lib/history/history.ts';
import { ratingWeight, reasonFor } from '../../src/lib/recommendations/signals.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('request list', () => {
  it('says how long ago, with 30-day months and 365-day years', () => {
    expect(relativeAge(ago(0), NOW)).toBe('0 seconds ago');
    expect(relativeAge(ago(1), NOW)).toBe('1 second ago');
    expect(relativeAge(ago(59), NOW)).toBe('59 seconds ago');
    expect(relativeAge(ago(60), NOW)).toBe('1 minute ago');
    expect(relativeAge(ago(2 * 3600 + 5), NOW)).toBe('2 hours ago');
    expect(relativeAge(ago(29 * 86_400), NOW)).toBe('29 days ago');
    expect(relativeAge(ago(30 * 86_400), NOW)).toBe('1 month ago');
    expect(relativeAge(ago(364 * 86_400), NOW)).toBe('12 months ago');
    expect(relativeAge(ago(365 * 86_400), NOW)).toBe('1 year ago');
    expect(relativeAge(ago(3 * 365 * 86_400), NOW)).toBe('3 years ago');
    // A clock slightly ahead of the server never shows a negative age.
    expect(relativeAge(new Date(NOW.getTime() + 5000), NOW)).toBe('0 seconds ago');
  });

  it('names the requester Member or Anonymous, never by any part of the e-mail', () => {
    expect(requesterName('jane.doe@example.com')).toBe('Member');
    expect(requesterName(null)).toBe('Anonymous');
  });
});

describe('view tracking', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

  it('reads the device type from the user agent', () => {
    expect(deviceTypeOf(IPHONE)).toBe('mobile');
    expect(deviceTypeOf(IPAD)).toBe('tablet');
    expect(deviceTypeOf(DESKTOP)).toBe('desktop');
    expect(deviceTypeOf(null)).toBe('desktop');
  });

  afterEach(() => vi.unstubAllEnvs());

  // A client could forge x-country or Accept-Language (and x-nf-geo off Netlify), so only the platform decides.
  it('takes the country only from Netlify, else Unknown', () => {
    const request = (headers: Record<string, string>) => new Request('http://localhost/api/events/view', { headers });
    const geo = Buffer.from(JSON.stringify({ country: { code: 'de' } })).toString('base64');
    expect(countryOf(request({ 'Accept-Language': 'en-GB,en;q=0.9' }), { netlify: { context: { geo: { country: { code: 'nl' } } } } })).toBe('NL');
    expect(countryOf(request({ 'x-country': 'br', 'Accept-Language': 'pt-BR' }), {})).toBe('Unknown');
    expect(countryOf(request({ 'x-nf-geo': geo }), {})).toBe('Unknown');
    vi.stubEnv('NETLIFY', 'true');
    expect(countryOf(request({ 'x-nf-geo': geo, 'x-country': 'br' }), {})).toBe('DE');
    expect(countryOf(request({ 'x-nf-geo': 'not base64 json' }), undefined)).toBe('Unknown');
  });

  it('reports from the browser once per session and title', () => {
    const storage = new Map<string, string>();
    const fake = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) } as Storage;
    const first = viewsToReport(fake, 'movie:7');
    expect(first?.title).toEqual({ type: 'movie', tmdbId: 7 });
    expect(viewsToReport(fake, 'movie:7')).not.toBeNull(); // not done until the server accepted it
    first!.done();
    expect(viewsToReport(fake, 'movie:7')).toBeNull();
    expect(viewsToReport(fake, undefined)).toBeNull();
    expect(viewsToReport(fake, 'movie:8')?.title).toEqual({ type: 'movie', tmdbId: 8 });
    // Shows are counted too: a TV page reports its show once.
    const show = viewsToReport(fake, 'tv:9');
    expect(show?.title).toEqual({ type: 'tv', tmdbId: 9 });
    show!.done();
    expect(viewsToReport(fake, 'tv:9')).toBeNull();
  });

  it('writes a view count with thousands separators, as en-US does', () => {
    expect([0, 999, 1000, 12345, 1234567].map(formatViewCount)).toEqual(['0', '999', '1,000', '12,345', '1,234,567']);
    fc.assert(fc.property(fc.nat(), (count) => formatViewCount(count) === count.toLocaleString('en-US')));
  });
});

describe('player progress', () => {
  it("reads the demo player's and YouTube's messages and ignores others", () => {
    expect(readPlayerMessage({ source: 'cinecat-player', event: 'progress', currentTime: 30, duration: 600, progress: 5 }))
      .toEqual({ currentTime: 30, duration: 600, final: false });
    expect(readPlayerMessage({ source: 'cinecat-player', event: 'pause', currentTime: 31, duration: 600 })?.final).toBe(true);
    expect(readPlayerMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 12, duration: 120, playerState: 1 } })))
      .toEqual({ currentTime: 12, duration: 120, final: false });
    expect(readPlayerMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 120, duration: 120, playerState: 0 } }))?.final).toBe(true);
    expect(readPlayerMessage({ source: 'someone-else', currentTime: 1, duration: 2 })).toBeNull();
    expect(readPlayerMessage('not json')).toBeNull();
  });

  it('saves the first report, then one per interval, and every pause or end', () => {
    const shouldSave = createThrottle(15_000);
    const at = (currentTime: number, final = false) => ({ currentTime, duration: 600, final });
    expect(shouldSave(at(1), 0)).toBe(true);
    expect(shouldSave(at(2), 1000)).toBe(false);
    expect(shouldSave(at(14), 14_999)).toBe(false);
    expect(shouldSave(at(15), 15_000)).toBe(true);
    expect(shouldSave(at(16, true), 16_000)).toBe(true);
    expect(shouldSave({ currentTime: 0, duration: 0, final: true }, 40_000)).toBe(false);
    expect(progressPercentage(at(300))).toBe(50);
    expect(progressPercentage(at(700))).toBe(100);
  });

  it('resumes shows on their episode', () => {
    const card = { type: 'tv' as const, tmdbId: 9, slug: 'the-show', title: 'The Show', posterPath: null, backdropPath: null, voteAverage: null, year: null };
    expect(resumeHref(card, 2, 5)).toBe('/tv/the-show/9?season=2&episode=5');
    expect(resumeHref({ ...card, type: 'movie' }, null, null)).toBe('/movie/the-show/9');
  });
});

describe('recommendation signals', () => {
  it('weighs stars from against (1) to strongly for (5)', () => {
    expect([1, 2, 3, 4, 5].map(ratingWeight)).toEqual([-1, 0, 1, 2, 3]);
  });

  it('explains each pick by its seed', () => {
    expect(reasonFor('rated', 'Alpha')).toBe('Because you rated Alpha');
    expect(reasonFor('my_list', 'Alpha')).toBe('Because you added Alpha to My List');
    expect(reasonFor('wishlist', 'Alpha')).toBe('Because Alpha is on your Wishlist');
    expect(reasonFor('watched', 'Alpha')).toBe('Because you watched Alpha');
  });
});
