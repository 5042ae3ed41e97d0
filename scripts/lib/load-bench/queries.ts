/**
 * What the varied load scenarios ask for: a different query on every request, so the figures measure the search
 * and browse engines rather than a cache. Pure; the randomness comes from a seeded generator.
 */
import {
  TITLE_SORT_OPTIONS, genreOptions, yearOptions, type BrowseFilters, type BrowseScope,
} from '../../../src/lib/catalog/client/browse-params.ts';
import type { Random } from '../../../src/lib/random.ts';

export type TypoEdit = 'drop' | 'insert' | 'replace' | 'swap';
const EDITS: readonly TypoEdit[] = ['drop', 'insert', 'replace', 'swap'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const MIN_WORD_LENGTH = 4;

/** One random single-letter edit (drop, insert, replace or swap two neighbours); never returns the word itself. */
export function typo(word: string, random: Random): string {
  for (;;) {
    const edited = applyEdit(word, random.pick(EDITS), random);
    if (edited !== word && edited.length > 0) return edited;
  }
}

export function applyEdit(word: string, edit: TypoEdit, random: Random): string {
  const at = random.int(0, word.length - 1);
  const letter = random.pick([...LETTERS]);
  switch (edit) {
    case 'drop':
      return word.slice(0, at) + word.slice(at + 1);
    case 'insert':
      return word.slice(0, at) + letter + word.slice(at);
    case 'replace':
      return word.slice(0, at) + letter + word.slice(at + 1);
    case 'swap': {
      if (word.length < 2) return word;
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** The distinct words of the titles long enough for a typo to leave them recognisable, lower-cased. */
export function titleWords(titles: readonly string[]): string[] {
  const words = new Set<string>();
  for (const title of titles) {
    for (const word of title.toLowerCase().match(/\p{L}+/gu) ?? []) {
      if (word.length >= MIN_WORD_LENGTH) words.add(word);
    }
  }
  return [...words];
}

/** The title with a typo in its longest word, as typed (the rest of the title unchanged). */
export function typoInTitle(title: string, random: Random): string {
  const longest = (title.match(/\p{L}+/gu) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  if (!longest) return typo(title, random);
  const at = title.indexOf(longest);
  return title.slice(0, at) + typo(longest, random) + title.slice(at + longest.length);
}

/** A search for one or two words of real titles, each given a typo when `withTypo`. */
export function searchQuery(words: readonly string[], random: Random, withTypo: boolean): string {
  const count = random.int(1, 2);
  return Array.from({ length: count }, () => {
    const word = random.pick(words);
    return withTypo ? typo(word, random) : word;
  }).join(' ');
}

/** Random browse filters: movies or shows, a genre (or all), a year (or any) and a sort; page 1. */
export function browseFilters(random: Random): { scope: BrowseScope; filters: BrowseFilters } {
  const type = random.pick(['movie', 'tv'] as const);
  return {
    scope: { type },
    filters: {
      genreIds: random.chance(0.7) ? [random.pick(genreOptions(type)).id] : [],
      year: random.chance(0.5) ? random.pick(yearOptions()) : null,
      sort: random.pick(TITLE_SORT_OPTIONS).value,
      page: 1,
    },
  };
}
