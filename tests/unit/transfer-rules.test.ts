/**
 * The import's pure rules: the rating scales, reading Letterboxd's CSV files (which file, bad lines kept apart) and
 * Trakt's items, the unsubscribe token, and the iCalendar text of the feed.
 */
import { describe, expect, it } from 'vitest';
import { unsubscribeToken, userOfUnsubscribeToken } from '../../src/lib/alerts/unsubscribe-token.ts';
import { icalDocument } from '../../src/lib/calendar/feed.ts';
import { letterboxdColumns, letterboxdFileOf, readLetterboxdCsv } from '../../src/lib/transfer/letterboxd.ts';
import { starsFromHalfStars, starsFromTenPoint, tenPointFromStars } from '../../src/lib/transfer/rating-scale.ts';
import { readTraktJson } from '../../src/lib/transfer/trakt.ts';

describe('rating scales', () => {
  it('rounds Letterboxd half stars half up, and refuses anything else', () => {
    expect([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].map(starsFromHalfStars)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect([0, 0.25, 5.5, -1, Number.NaN, 3.3].map(starsFromHalfStars)).toEqual([null, null, null, null, null, null]);
  });

  it('halves Trakt\'s 1 to 10 rounding up, and our stars go back to the same', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(starsFromTenPoint)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect([0, 11, 7.5].map(starsFromTenPoint)).toEqual([null, null, null]);
    expect([1, 2, 3, 4, 5].map((stars) => starsFromTenPoint(tenPointFromStars(stars)))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('Letterboxd files', () => {
  it('tells the file by its name, else by its columns', () => {
    expect(letterboxdFileOf('ratings.csv', [])).toBe('ratings.csv');
    expect(letterboxdFileOf('my-letterboxd-diary (2).csv', [])).toBe('diary.csv');
    expect(letterboxdFileOf('export.csv', ['Date', 'Name', 'Watched Date'])).toBe('diary.csv');
    expect(letterboxdFileOf('export.csv', ['Date', 'Name', 'Rating'])).toBe('ratings.csv');
    expect(letterboxdFileOf('export.csv', ['Date', 'Name'])).toBeNull();
    expect(letterboxdColumns('\uFEFFDate,Name,Year,Letterboxd URI\n')).toEqual(['Date', 'Name', 'Year', 'Letterboxd URI']);
    expect(letterboxdColumns('title,year\n')).toEqual([]);
  });

  it('keeps a bad line apart and reads the lines around it', () => {
    const csv = 'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-01-01,"A, film",2001,,2.5,,,2024-01-02\n'
      + '2024-01-03,,2002,,3,,,\n2024-01-04,Other,20x2,,3,,,\n2024-01-05,Third,2003,,,,,\n';
    const { entries, bad } = readLetterboxdCsv('diary.csv', 'diary.csv', csv);
    expect(entries.map((entry) => [entry.source, entry.action, entry.title, entry.rating, entry.date.toISOString().slice(0, 10)])).toEqual([
      ['diary.csv line 2', 'history', 'A, film', undefined, '2024-01-02'], ['diary.csv line 2', 'rating', 'A, film', 3, '2024-01-02'],
      ['diary.csv line 5', 'history', 'Third', undefined, '2024-01-05'],
    ]);
    expect(bad.map((line) => [line.source, line.reason])).toEqual([
      ['diary.csv line 3', 'The row has no Name.'], ['diary.csv line 4', 'Year "20x2" is not a year.'],
    ]);
  });
});

describe('Trakt items', () => {
  it('reads ratings, the watchlist and history by their fields, and is null for a file of other items', () => {
    const movie = { title: 'M', year: 2000, ids: { tmdb: 5 } };
    const read = readTraktJson([
      { rated_at: '2024-01-01T00:00:00Z', rating: 6, type: 'movie', movie },
      { listed_at: '2024-01-02T00:00:00Z', type: 'movie', movie },
      { last_watched_at: '2024-01-03T00:00:00Z', plays: 2, show: { title: 'S', year: 2010, ids: { tmdb: 9 } },
        seasons: [{ number: 1, episodes: [{ number: 1, last_watched_at: '2024-01-01T00:00:00Z' }, { number: 2, last_watched_at: '2024-01-03T00:00:00Z' }] }] },
    ], 'export.json');
    expect(read?.entries.map((entry) => [entry.action, entry.type, entry.tmdbId, entry.rating, entry.season, entry.episode])).toEqual([
      ['rating', 'movie', 5, 3, undefined, undefined], ['wishlist', 'movie', 5, undefined, undefined, undefined], ['history', 'tv', 9, undefined, 1, 2],
    ]);
    expect(readTraktJson([{ collected_at: '2024-01-01T00:00:00Z', movie }], 'collection.json')).toBeNull();
    expect(readTraktJson({ username: 'x' }, 'user.json')).toBeNull();
  });
});

describe('the unsubscribe token', () => {
  it('opens only with the secret it was made with, for the user it was made for', () => {
    const token = unsubscribeToken('secret-a', '00000000-0000-0000-0000-000000000001');
    expect(userOfUnsubscribeToken('secret-a', token)).toBe('00000000-0000-0000-0000-000000000001');
    expect(userOfUnsubscribeToken('secret-b', token)).toBeNull();
    const [, mac] = token.split('.');
    expect(userOfUnsubscribeToken('secret-a', `${Buffer.from('00000000-0000-0000-0000-000000000002').toString('base64url')}.${mac}`)).toBeNull();
    expect(userOfUnsubscribeToken('secret-a', 'garbage')).toBeNull();
  });
});

describe('the iCalendar feed text', () => {
  it('writes all-day events with stable UIDs, escaping and 75-octet lines', () => {
    const text = icalDocument([{ date: '2030-05-01', type: 'movie', tmdbId: 7, title: 'Semi; colon, comma \\ back'.repeat(4), href: '/movie/x/7', posterPath: null, episode: null }],
      'https://cinecat.example', 'CineCat');
    expect(text).toContain('UID:movie-7@cinecat.example');
    expect(text).toContain('DTSTART;VALUE=DATE:20300501');
    expect(text.replace(/\r\n /g, '')).toContain('SUMMARY:Semi\\; colon\\, comma \\\\ back');
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });
});
