import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '../../src/lib/random.ts';
import { editDistance, foldText, searchWords, SearchIndex, typoBudget } from '../../src/lib/search/search-index.ts';
import { REALISTIC_MOVIES, REALISTIC_SHOWS } from '../support/realistic-titles.ts';

const TITLES = [...REALISTIC_MOVIES.map((title) => `movie:${title}`), ...REALISTIC_SHOWS.map((title) => `tv:${title}`)];
const textOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** The realistic titles, the first listed the most popular. */
function realisticIndex(): SearchIndex<string> {
  return SearchIndex.build(TITLES.map((key, i) => ({ text: textOf(key), popularity: TITLES.length - i, voteCount: 0, value: key })), { joinAdjacentWords: true });
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
type TypoKind = 'missing' | 'extra' | 'wrong' | 'swapped' | 'accent' | 'case';

/** Positions of letters and digits (where a typist slips), e.g. not the ':' of a subtitle. */
function letterPositions(text: string): number[] {
  return [...text].flatMap((char, i) => (/[\p{L}\p{N}]/u.test(char) ? [i] : []));
}

/** The title with one typo of the kind, or null when the title has no place for it (no accent to drop). */
function withTypo(title: string, kind: TypoKind, random: Random): string | null {
  const chars = [...title];
  const positions = letterPositions(title);
  const at = random.pick(positions);
  switch (kind) {
    case 'missing': return chars.toSpliced(at, 1).join('');
    case 'extra': return chars.toSpliced(at + 1, 0, random.pick([...LETTERS])).join('');
    case 'wrong': {
      const other = [...LETTERS].filter((letter) => letter !== foldText(chars[at]!));
      return chars.toSpliced(at, 1, random.pick(other)).join('');
    }
    case 'swapped': {
      const pairs = positions.filter((i) => positions.includes(i + 1) && foldText(chars[i]!) !== foldText(chars[i + 1]!));
      if (!pairs.length) return null;
      const i = random.pick(pairs);
      return chars.toSpliced(i, 2, chars[i + 1]!, chars[i]!).join('');
    }
    case 'accent': return /\p{M}/u.test(title.normalize('NFD')) ? title.normalize('NFD').replace(/\p{M}/gu, '') : null;
    case 'case': return random.chance(0.5) ? title.toLowerCase() : title.toUpperCase();
  }
}

describe('search index: typos', () => {
  it('finds a realistic title in the top 5 despite any single typo, at least 97 % of the time', () => {
    const index = realisticIndex();
    const random = new Random('search-typos');
    const misses: string[] = [];
    let tries = 0;
    for (const key of TITLES) {
      for (const kind of ['missing', 'extra', 'wrong', 'swapped', 'accent', 'case'] as const) {
        const query = withTypo(textOf(key), kind, random);
        if (query === null || !/[\p{L}\p{N}]/u.test(query)) continue;
        tries++;
        if (!index.search(query, 5).includes(key)) misses.push(`${kind}: '${query}' for '${textOf(key)}'`);
      }
    }
    expect(tries).toBeGreaterThan(2000);
    expect(misses.length / tries, misses.join('\n')).toBeLessThanOrEqual(0.03);
  });

  it.each([
    ['nigth', 'movie:Nights of Cabiria'], ['Cras 3', 'movie:Cars 3'], ['Rcoky III', 'movie:Rocky III'], ['Poepye', 'movie:Popeye'],
    ['Promteheus', 'movie:Prometheus'], ['The Decsent', 'movie:The Descent'], ['Incedies', 'movie:Incendies'],
    ['amelie', 'movie:Amélie'], ['walle', 'movie:WALL·E'], ['wall-e', 'movie:WALL·E'], ['seven', 'movie:Se7en'], ['se7en', 'movie:Se7en'],
    ['spiderman', 'movie:Spider-Man'], ['SHOGUN', 'tv:Shōgun'], ['leon the profesional', 'movie:Léon: The Professional'],
  ])('%s finds %s in the top 5', (query, key) => {
    expect(realisticIndex().search(query, 5)).toContain(key);
  });

  it('needs every word: a query with an unrelated word finds nothing', () => {
    expect(realisticIndex().search('rocky zzzzqqq', 40)).toEqual([]);
  });
});

describe('search index: ranking', () => {
  const index = SearchIndex.build([
    { text: 'Rocky II', popularity: 50, voteCount: 0, value: 'rocky-2' },
    { text: 'Rocky', popularity: 10, voteCount: 0, value: 'rocky' },
    { text: 'Rocky Balboa', popularity: 90, voteCount: 0, value: 'balboa' },
    { text: 'The Rocky Horror Picture Show', popularity: 99, voteCount: 0, value: 'horror' },
    { text: 'Rocco and His Brothers', popularity: 100, voteCount: 0, value: 'rocco' },
    { text: 'Rockets', popularity: 80, voteCount: 5, value: 'rockets' },
    { text: 'Rocketman', popularity: 80, voteCount: 9, value: 'rocketman' },
  ], { joinAdjacentWords: true });

  it('exact title first, then titles starting with the query, then containing it, then typos; popularity breaks ties', () => {
    // 'Rocco' is two edits from 'rocky': too far for a five-letter word. 'rocke…' is one edit from it, as a prefix.
    expect(index.search('rocky', 10)).toEqual(['rocky', 'balboa', 'rocky-2', 'horror', 'rocketman', 'rockets']);
  });

  it('prefix of the last word typed: a title starting with it before one merely containing a close word', () => {
    expect(index.search('rock', 10)).toEqual(['balboa', 'rocketman', 'rockets', 'rocky-2', 'rocky', 'horror']);
  });

  it('vote count breaks popularity ties, and a typo never outranks an exact word', () => {
    expect(index.search('rocket', 10)).toEqual(['rocketman', 'rockets']);
    expect(index.search('rokcy balboa', 10)).toEqual(['balboa']);
  });

  it('searches names: accents, case and typos', () => {
    const people = SearchIndex.build(['Penélope Cruz', 'Zoë Saldaña', 'Björk', 'Penny Marshall', 'Mads Mikkelsen'].map((name, i) => (
      { text: name, popularity: 10 - i, voteCount: 0, value: name })), { joinAdjacentWords: false });
    expect(people.search('penelope cruz', 5)).toEqual(['Penélope Cruz']);
    expect(people.search('ZOE SALDANA', 5)).toEqual(['Zoë Saldaña']);
    expect(people.search('bjork', 5)).toEqual(['Björk']);
    expect(people.search('mikelsen', 5)).toEqual(['Mads Mikkelsen']);
    expect(people.search('pen', 5)).toEqual(['Penélope Cruz', 'Penny Marshall']);
  });
});

describe('search words and distance', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(searchWords('Léon: The Professional')).toEqual(['leon', 'the', 'professional']);
    expect(searchWords('WALL·E')).toEqual(['wall', 'e']);
    expect(searchWords("  Ocean's   Eleven ")).toEqual(['ocean', 's', 'eleven']);
    expect(searchWords('8½')).toEqual(['81', '2']);
  });

  it('counts insert, delete, substitute and adjacent swap as one edit each, capped at max + 1', () => {
    expect(editDistance('nigth', 'night', 2)).toBe(1);
    expect(editDistance('cras', 'cars', 2)).toBe(1);
    expect(editDistance('incedies', 'incendies', 2)).toBe(1);
    expect(editDistance('poepye', 'popeye', 2)).toBe(1);
    expect(editDistance('horizn', 'horizon', 2)).toBe(1);
    expect(editDistance('horizon', 'horizon', 2)).toBe(0);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('nigth', 'nights', 1)).toBe(2);
    expect(editDistance('nigth', 'nights', 1, true)).toBe(1);
  });
});

describe('search index: the vocabulary walk', () => {
  // A small alphabet makes near misses common, so every branch of the walk (shared rows, pruning, skipped
  // prefixes, the length cut) is exercised; editDistance over every term is the reference.
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 11 });
  const entries = fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 40 });

  /** The entries one query word finds, by the index's rules, checking every term of every entry. */
  function bruteForce(texts: string[][], query: string, isLast: boolean): number[] {
    const budget = typoBudget(query.length);
    const typoPrefix = isLast && query.length >= 5;
    return texts.flatMap((words, doc) => (words.some((term) => term === query || (isLast && term.startsWith(query))
      || editDistance(query, term, budget, typoPrefix) <= budget) ? [doc] : []));
  }

  /** The whole optimal-string-alignment table, no band and no early stop: the reference for editDistance. */
  function referenceDistance(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
    return d[a.length]![b.length]!;
  }

  it('editDistance agrees with the whole table, capped at max + 1, and with prefix takes the closest prefix', () => {
    fc.assert(fc.property(word, word, fc.integer({ min: 0, max: 3 }), (query, term, max) => {
      expect(editDistance(query, term, max)).toBe(Math.min(referenceDistance(query, term), max + 1));
      const closestPrefix = Math.min(...Array.from({ length: term.length + 1 }, (_, k) => referenceDistance(query, term.slice(0, k))));
      expect(editDistance(query, term, max, true)).toBe(Math.min(closestPrefix, max + 1));
    }), { numRuns: 2000 });
  });

  it('finds exactly the entries a word matches, as the last word typed (a typo in a prefix counts)', () => {
    fc.assert(fc.property(entries, word, (texts, query) => {
      const index = SearchIndex.build(texts.map((words, doc) => ({ text: words.join(' '), popularity: 0, voteCount: 0, value: doc })), { joinAdjacentWords: false });
      expect(index.search(query, texts.length).sort((a, b) => a - b)).toEqual(bruteForce(texts, query, true));
    }), { numRuns: 400 });
  });

  it('finds exactly the entries a word matches, before the last word (whole words only)', () => {
    fc.assert(fc.property(entries, word, (texts, query) => {
      // Every entry ends with 'z', the last word typed; the longer query word leads the search.
      const index = SearchIndex.build(texts.map((words, doc) => ({ text: [...words, 'z'].join(' '), popularity: 0, voteCount: 0, value: doc })), { joinAdjacentWords: false });
      expect(index.search(`${query}z z`, texts.length).sort((a, b) => a - b))
        .toEqual(bruteForce(texts.map((words) => [...words, 'z']), `${query}z`, false));
    }), { numRuns: 400 });
  });
});
