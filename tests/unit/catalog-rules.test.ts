import { describe, expect, it } from 'vitest';
import { formatRating, shownRating, titleCard, titleHref } from '../../src/lib/titles/client/cards.ts';
import { parseEmbedPath } from '../../src/lib/catalog/client/embed.ts';
import { imageSrcSet, imageUrl } from '../../src/lib/catalog/client/images.ts';
import { playerModeFor, trailerEmbedUrl } from '../../src/lib/catalog/client/player.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';

describe('slugify (spec: lowercased, spaces to hyphens, other symbols removed)', () => {
  it.each([
    ['The Last Horizon', 'the-last-horizon'],
    ['Spider-Man: No Way Home', 'spider-man-no-way-home'],
    ['Amélie', 'amelie'],
    ['  Two   Spaces  ', 'two-spaces'],
    ['!!!', 'untitled'],
  ])('%s → %s', (title, slug) => expect(slugify(title)).toBe(slug));
});

describe('images', () => {
  it('TMDB paths go to the image host in the requested size', () => {
    expect(imageUrl('/abc.jpg', 'w500')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
    expect(imageSrcSet('/abc.jpg', ['w300', 'w780', 'original'])).toBe(
      'https://image.tmdb.org/t/p/w300/abc.jpg 300w, https://image.tmdb.org/t/p/w780/abc.jpg 780w',
    );
  });
  it('generated artwork is served locally in one size', () => {
    expect(imageUrl('/art/poster/m1-x.svg', 'w500')).toBe('/art/poster/m1-x.svg');
    expect(imageSrcSet('/art/poster/m1-x.svg', ['w300'])).toBeUndefined();
  });
  it('no width to offer, no srcset (an empty one is invalid HTML): a cast photo from TMDB comes in one size', () => {
    expect(imageSrcSet('/abc.jpg', [])).toBeUndefined();
    expect(imageSrcSet('/abc.jpg', ['original'])).toBeUndefined();
  });
  it('no path, no URL', () => expect(imageUrl(null, 'w92')).toBeNull());
});

describe('player mode (spec section 4)', () => {
  it('defaults to Full Movie with a stream link, else Trailer with a key, else nothing', () => {
    expect(playerModeFor('/embed/movie/1', 'abc')).toBe('movie');
    expect(playerModeFor(null, 'abc')).toBe('trailer');
    expect(playerModeFor(null, null)).toBeNull();
  });
  it('embeds the trailer by key', () => expect(trailerEmbedUrl('a b')).toContain('/embed/a%20b?'));
});

describe('demo embed paths', () => {
  it('parses movie and episode paths and rejects others', () => {
    expect(parseEmbedPath('movie/42')).toEqual({ type: 'movie', tmdbId: 42 });
    expect(parseEmbedPath('tv/7/0/3')).toEqual({ type: 'tv', tmdbId: 7, season: 0, episode: 3 });
    expect(parseEmbedPath('movie/x')).toBeNull();
    expect(parseEmbedPath('tv/7/1')).toBeNull();
    expect(parseEmbedPath('movie/0')).toBeNull();
  });
});

describe('cards', () => {
  it('rating to one decimal or N/A', () => {
    expect(formatRating(7)).toBe('7.0');
    expect(formatRating(null)).toBe('N/A');
  });
  it('carry the rating as shown, so that a drift in its second decimal changes no card', () => {
    const row = { tmdb_id: 1, title: 'A', date: null, poster_path: null, backdrop_path: null };
    expect(titleCard('movie', { ...row, vote_average: 7.234 })).toEqual(titleCard('movie', { ...row, vote_average: 7.241 }));
    expect(titleCard('movie', { ...row, vote_average: 7.234 }).voteAverage).toBe(7.2);
    for (const vote of [7.85, 6.05, 0.95, 9.999, 0]) expect(formatRating(shownRating(vote))).toBe(formatRating(vote));
    expect(shownRating(null)).toBeNull();
  });
  it('links movies and shows to their pages', () => {
    expect(titleHref({ type: 'movie', slug: 'a', tmdbId: 1 })).toBe('/movie/a/1');
    expect(titleHref({ type: 'tv', slug: 'b', tmdbId: 2 })).toBe('/tv/b/2');
  });
});
