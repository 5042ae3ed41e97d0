/**
 * An in-memory word index that forgives typos: each query word matches title words exactly, as a prefix (the
 * last word, still being typed) or within a small Damerau–Levenshtein distance (one edit for short words, two
 * for long ones; an adjacent swap is one edit). Case and accents never matter. Every query word must match.
 *
 * Ranking (compareRanked): the whole title equals the query, then starts with it, then contains every word
 * without a typo, then with typos; closer words first, then popularity, then vote count.
 */

/** Exact match, then prefix, then contains, then only similar (a typo): lower is better. */
export enum MatchRank { Exact = 0, Prefix = 1, Contains = 2, Similar = 3 }

export interface Ranked { rank: MatchRank; similarity: number; popularity: number }

export function compareRanked(a: Ranked, b: Ranked): number {
  return a.rank - b.rank || b.similarity - a.similarity || b.popularity - a.popularity;
}

/** Lower case without accents: NFKD splits 'é' into 'e' plus a combining mark (and 'ﬁ' into 'fi'), then marks go. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a title, name or query: runs of letters and digits ('WALL·E' is 'wall', 'e'). */
export function searchWords(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Edits a query word may be away from a title word: one, or two from eight letters on. */
export function typoBudget(length: number): number {
  return length >= 8 ? 2 : 1;
}

/** A last word shorter than this only prefix-matches exactly: with a typo, 'ab' would be a prefix of half the index. */
const MIN_TYPO_PREFIX_LENGTH = 5;

// Three rows of the distance table, reused: queries are at most a few dozen letters.
let rows = [new Int32Array(128), new Int32Array(128), new Int32Array(128)];

/**
 * Optimal-string-alignment distance between a query word and a term (insert, delete, substitute, swap adjacent),
 * or max + 1 when it is more than max. With `prefix`, the distance to the closest prefix of the term.
 */
export function editDistance(query: string, term: string, max: number, prefix = false): number {
  const n = query.length;
  if (n + 1 > rows[0]!.length) rows = rows.map(() => new Int32Array(n + 1));
  let [older, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) previous[j] = j;
  let best = prefix ? n : max + 1;
  for (let i = 1; i <= term.length; i++) {
    const t = term.charCodeAt(i - 1);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const q = query.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (q === t ? 0 : 1));
      if (i > 1 && j > 1 && q === term.charCodeAt(i - 2) && query.charCodeAt(j - 2) === t) d = Math.min(d, older[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (prefix && current[n]! < best) best = current[n]!;
    if (rowMin > max) return Math.min(best, max + 1);
    [older, previous, current] = [previous, current, older];
  }
  return Math.min(prefix ? best : previous[n]!, max + 1);
}

/** Which characters a word has, hashed into 32 bits: a word missing more than k of the query's can't be k edits away. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface IndexedEntry<T> {
  /** The text searched: a title or a name. */
  text: string;
  popularity: number;
  voteCount: number;
  value: T;
}

// What a query word's match costs in similarity: exact, prefix, then one step per edit.
const PREFIX_COST = 1;
const TYPO_COST = 2;

export class SearchIndex<T> {
  private readonly entries: IndexedEntry<T>[];
  private readonly words: string[][];
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postings: number[][] = [];
  private masks = new Int32Array(0);
  /** Term ids in alphabetical order of their terms, for prefix ranges. */
  private readonly alphabetical: number[];

  constructor(entries: IndexedEntry<T>[]) {
    this.entries = entries;
    this.words = entries.map((entry) => searchWords(entry.text));
    this.words.forEach((words, doc) => {
      // Adjacent words joined too, so 'walle', 'spiderman' or 'dont' find 'WALL·E', 'Spider-Man' and "Don't".
      const joined = words.slice(1).map((word, i) => words[i] + word);
      for (const term of new Set([...words, ...joined])) this.post(term, doc);
    });
    this.masks = Int32Array.from(this.terms, letterMask);
    this.alphabetical = this.terms.map((_, id) => id).sort((a, b) => (this.terms[a]! < this.terms[b]! ? -1 : 1));
  }

  get size(): number {
    return this.entries.length;
  }

  private post(term: string, doc: number): void {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.push(term) - 1;
      this.termIds.set(term, id);
      this.postings.push([]);
    }
    this.postings[id]!.push(doc);
  }

  /** The best-ranked entries for the query, at most `limit`. */
  search(query: string, limit: number): T[] {
    const queryWords = searchWords(query);
    if (queryWords.length === 0) return [];
    const perWord = queryWords.map((word, i) => this.matchWord(word, i === queryWords.length - 1));
    const [fewest, ...others] = [...perWord].sort((a, b) => a.size - b.size);
    const hits: (Ranked & { doc: number; voteCount: number })[] = [];
    for (const [doc, firstCost] of fewest!) {
      let cost = firstCost;
      let worst = firstCost;
      for (const costs of others) {
        const wordCost = costs.get(doc);
        if (wordCost === undefined) { cost = -1; break; }
        cost += wordCost;
        worst = Math.max(worst, wordCost);
      }
      if (cost < 0) continue;
      const { popularity, voteCount } = this.entries[doc]!;
      hits.push({ doc, rank: this.rankOf(doc, queryWords, worst), similarity: 1 / (1 + cost), popularity, voteCount });
    }
    return hits.sort((a, b) => compareRanked(a, b) || b.voteCount - a.voteCount || a.doc - b.doc)
      .slice(0, limit).map((hit) => this.entries[hit.doc]!.value);
  }

  private rankOf(doc: number, queryWords: string[], worstWordCost: number): MatchRank {
    const words = this.words[doc]!;
    const last = queryWords.length - 1;
    const startsWithQuery = words.length > last && queryWords.every((word, i) => (i < last ? words[i] === word : words[i]!.startsWith(word)));
    if (startsWithQuery) return words.length === queryWords.length && words[last] === queryWords[last] ? MatchRank.Exact : MatchRank.Prefix;
    return worstWordCost <= PREFIX_COST ? MatchRank.Contains : MatchRank.Similar;
  }

  /** The entries a query word matches, each with its cheapest match. */
  private matchWord(word: string, isLast: boolean): Map<number, number> {
    const costs = new Map<number, number>();
    const add = (termId: number, cost: number) => {
      for (const doc of this.postings[termId]!) {
        const known = costs.get(doc);
        if (known === undefined || cost < known) costs.set(doc, cost);
      }
    };
    const exact = this.termIds.get(word);
    if (exact !== undefined) add(exact, 0);
    if (isLast) for (const id of this.prefixed(word)) if (id !== exact) add(id, PREFIX_COST);

    const budget = typoBudget(word.length);
    const typoPrefix = isLast && word.length >= MIN_TYPO_PREFIX_LENGTH;
    const mask = letterMask(word);
    for (let id = 0; id < this.terms.length; id++) {
      const term = this.terms[id]!;
      const lengthGap = term.length - word.length;
      if (lengthGap < -budget || (lengthGap > budget && !typoPrefix) || id === exact) continue;
      // Letters of the word the term lacks: each edit accounts for at most one.
      if (bitCount(mask & ~this.masks[id]!) > budget) continue;
      const distance = editDistance(word, term, budget, typoPrefix);
      if (distance > 0 && distance <= budget) add(id, TYPO_COST + distance);
    }
    return costs;
  }

  /** Ids of the terms starting with the word. */
  private *prefixed(word: string): Generator<number> {
    let low = 0;
    let high = this.alphabetical.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[this.alphabetical[mid]!]! < word) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.alphabetical.length && this.terms[this.alphabetical[i]!]!.startsWith(word); i++) yield this.alphabetical[i]!;
  }
}
