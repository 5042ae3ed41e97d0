/**
 * An in-memory word index that forgives typos: each query word matches title words exactly, as a prefix (the
 * last word, still being typed) or within a small Damerau–Levenshtein distance (one edit for short words, two
 * for long ones; an adjacent swap is one edit). Case and accents never matter. Every query word must match.
 *
 * Ranking (compareRanked): the whole title equals the query, then starts with it, then contains every word
 * without a typo, then with typos; closer words first, then popularity, then vote count.
 */

import { listColumn, type ListArrays } from '../columns.ts';

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

/**
 * Fills the optimal-string-alignment table's row for the first `depth` letters of `term` against `word` (insert,
 * delete, substitute, swap adjacent) from the two rows before it, in the band of columns within `max` of the
 * diagonal: any other cell is over `max`, as is every cell reached through it, and `max + 1` stands for them all.
 * Rows are `word.length + 2` long (the band's edges). Returns the row's least cell.
 */
function fillRow(word: string, term: string, depth: number, max: number, row: Int32Array, previous: Int32Array, older?: Int32Array): number {
  const n = word.length;
  const far = max + 1;
  const t = term.charCodeAt(depth - 1);
  const low = Math.max(1, depth - max);
  const high = Math.min(n, depth + max);
  row[0] = depth;
  if (low > 1) row[low - 1] = far;
  row[high + 1] = far;
  let rowMin = depth;
  for (let j = low; j <= high; j++) {
    const q = word.charCodeAt(j - 1);
    let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (q === t ? 0 : 1));
    if (older && j > 1 && q === term.charCodeAt(depth - 2) && word.charCodeAt(j - 2) === t) d = Math.min(d, older[j - 2]! + 1);
    row[j] = d;
    if (d < rowMin) rowMin = d;
  }
  return rowMin;
}

/** The table's last cell for a row filled by fillRow: the distance of the term's first `depth` letters. */
function lastCell(row: Int32Array, wordLength: number, depth: number, max: number): number {
  return depth + max >= wordLength && depth - max <= wordLength ? row[wordLength]! : max + 1;
}

/** A first row of the table (the empty prefix of a term): j edits to the word's first j letters. */
function firstRow(wordLength: number, max: number) {
  const row = new Int32Array(wordLength + 2);
  for (let j = 0; j <= wordLength; j++) row[j] = j;
  row[wordLength + 1] = max + 1;
  return row;
}

/**
 * Optimal-string-alignment distance between a query word and a term (insert, delete, substitute, swap adjacent),
 * or max + 1 when it is more than max. With `prefix`, the distance to the closest prefix of the term.
 */
export function editDistance(query: string, term: string, max: number, prefix = false): number {
  const n = query.length;
  let [older, previous, current] = [new Int32Array(n + 2), firstRow(n, max), new Int32Array(n + 2)];
  let best = prefix ? n : max + 1;
  for (let depth = 1; depth <= term.length; depth++) {
    const rowMin = fillRow(query, term, depth, max, current, previous, depth > 1 ? older : undefined);
    if (prefix) best = Math.min(best, lastCell(current, n, depth, max));
    if (rowMin > max) return Math.min(best, max + 1);
    [older, previous, current] = [previous, current, older];
  }
  return Math.min(prefix ? best : lastCell(previous, n, term.length, max), max + 1);
}

/** What the index knows of an entry. */
export interface IndexedText {
  /** The text searched: a title or a name. */
  text: string;
  popularity: number;
  voteCount: number;
}

export interface IndexedEntry<T> extends IndexedText {
  value: T;
}

// What a query word's match costs in similarity: exact, prefix, then one step per edit.
const PREFIX_COST = 1;
const TYPO_COST = 2;
const NO_MATCH = 255;
const UNKNOWN_COST = 254;

interface WordMatches { costs: Uint8Array; docs: number[] }
interface Hit extends Ranked { doc: number; voteCount: number }

/** What matching a query word to one term costs, or NO_MATCH; the same rules matchWord applies to the vocabulary. */
function termCost(word: string, term: string, isLast: boolean): number {
  if (term === word) return 0;
  if (isLast && term.startsWith(word)) return PREFIX_COST;
  const budget = typoBudget(word.length);
  const typoPrefix = isLast && word.length >= MIN_TYPO_PREFIX_LENGTH;
  const lengthGap = term.length - word.length;
  if (lengthGap < -budget || (lengthGap > budget && !typoPrefix)) return NO_MATCH;
  const distance = editDistance(word, term, budget, typoPrefix);
  return distance <= budget ? TYPO_COST + distance : NO_MATCH;
}

function compareHits(a: Hit, b: Hit): number {
  return compareRanked(a, b) || b.voteCount - a.voteCount || a.doc - b.doc;
}

/** compareHits(hit, other) < 0 for the hit these fields make, without making it. */
function precedes(rank: MatchRank, similarity: number, popularity: number, voteCount: number, doc: number, other: Hit): boolean {
  return (rank - other.rank || other.similarity - similarity || other.popularity - popularity || other.voteCount - voteCount || doc - other.doc) < 0;
}

/**
 * Lists of numbers per entry or per term, flattened (ListArrays). Two typed arrays instead of one array per entry:
 * the index of a catalogue of 200,000 names and titles would otherwise hold hundreds of thousands of small arrays.
 */
class Lists implements ListArrays {
  constructor(readonly starts: Int32Array, readonly items: Int32Array) {}

  /** Lists of the given lengths, filled by `fill(list, put)` in list order. */
  static build(count: number, fill: (put: (list: number, item: number) => void) => void): Lists {
    const starts = new Int32Array(count + 1);
    fill((list) => { starts[list + 1]!++; });
    for (let i = 0; i < count; i++) starts[i + 1]! += starts[i]!;
    const items = new Int32Array(starts[count]!);
    const next = starts.slice(0, count);
    fill((list, item) => { items[next[list]!++] = item; });
    return new Lists(starts, items);
  }

  length(list: number): number {
    return this.starts[list + 1]! - this.starts[list]!;
  }

  item(list: number, at: number): number {
    return this.items[this.starts[list]! + at]!;
  }
}

/** Everything an index holds but its values, in plain and typed arrays: what a catalogue snapshot stores. */
export interface SearchIndexColumns {
  terms: string[];
  popularity: Float64Array;
  voteCount: Float64Array;
  words: ListArrays;
  docTerms: ListArrays;
  postings: ListArrays;
  alphabetical: Int32Array;
  sharedWithPrevious: Uint16Array;
  subtreeStart: Int32Array;
  subtreeEnd: Int32Array;
}

/**
 * The index of the entries, without their values. With joinAdjacentWords, 'walle', 'spiderman' or 'dont' find
 * 'WALL·E', 'Spider-Man' and "Don't" (titles).
 */
export function searchIndexColumns(entries: readonly IndexedText[], joinAdjacentWords: boolean): SearchIndexColumns {
  const terms: string[] = [];
  const termIds = new Map<string, number>();
  const termId = (term: string) => {
    let id = termIds.get(term);
    if (id === undefined) termIds.set(term, (id = terms.push(term) - 1));
    return id;
  };
  const words = entries.map((entry) => searchWords(entry.text).map(termId));
  const docTerms = words.map((ids) => {
    const joined = joinAdjacentWords ? ids.slice(1).map((id, i) => termId(terms[ids[i]!]! + terms[id]!)) : [];
    return [...new Set([...ids, ...joined])];
  });
  const alphabetical = Int32Array.from(terms.keys()).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  const sharedWithPrevious = new Uint16Array(alphabetical.length);
  for (let i = 1; i < alphabetical.length; i++) {
    const previous = terms[alphabetical[i - 1]!]!;
    const term = terms[alphabetical[i]!]!;
    let shared = 0;
    while (shared < previous.length && shared < term.length && shared < 0xffff && previous[shared] === term[shared]) shared++;
    sharedWithPrevious[i] = shared;
  }
  return {
    terms,
    popularity: Float64Array.from(entries, (entry) => entry.popularity),
    voteCount: Float64Array.from(entries, (entry) => entry.voteCount),
    words: listColumn(words),
    docTerms: listColumn(docTerms),
    postings: Lists.build(terms.length, (put) => docTerms.forEach((ids, doc) => { for (const id of ids) put(id, doc); })),
    alphabetical,
    sharedWithPrevious,
    ...subtreeEnds(terms, alphabetical, sharedWithPrevious),
  };
}

/** SearchIndex.subtreeStart and subtreeEnd, for the vocabulary in alphabetical order. */
function subtreeEnds(terms: string[], alphabetical: Int32Array, sharedWithPrevious: Uint16Array) {
  const count = alphabetical.length;
  const subtreeStart = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) subtreeStart[i + 1] = subtreeStart[i]! + terms[alphabetical[i]!]!.length - sharedWithPrevious[i]!;
  const subtreeEnd = new Int32Array(subtreeStart[count]!);
  // The nodes opened by earlier terms and not yet closed, deepest last: [depth, slot in `subtreeEnd`].
  const open: [number, number][] = [];
  for (let i = 0; i <= count; i++) {
    const shared = i < count ? sharedWithPrevious[i]! : 0;
    while (open.length > 0 && open[open.length - 1]![0] > shared) subtreeEnd[open.pop()![1]] = i;
    if (i === count) break;
    const length = terms[alphabetical[i]!]!.length;
    for (let depth = shared + 1; depth <= length; depth++) open.push([depth, subtreeStart[i]! + depth - shared - 1]);
  }
  return { subtreeStart, subtreeEnd };
}

export class SearchIndex<T> {
  private readonly popularity: Float64Array;
  private readonly voteCount: Float64Array;
  /** Each entry's words in order, as term ids. */
  private readonly words: Lists;
  /** Each entry's distinct term ids: its words, and with joinAdjacentWords adjacent words joined. */
  private readonly docTerms: Lists;
  private readonly terms: string[];
  /** Each term's entries, in entry order. */
  private readonly postings: Lists;
  /** Term ids in alphabetical order of their terms: prefix ranges, exact look-ups, and the vocabulary walked as a trie. */
  private readonly alphabetical: Int32Array;
  /** How many letters each term in alphabetical order shares with the one before it (0 for the first). */
  private readonly sharedWithPrevious: Uint16Array;
  /**
   * Where each trie node's run of terms ends: for the term at alphabetical position i and a depth d past
   * sharedWithPrevious[i] (i is then the first term starting with its first d letters), the position after the
   * last such term is at subtreeEnd[subtreeStart[i] + d - sharedWithPrevious[i] - 1]. Lets the walk skip a
   * subtree out of reach in one step instead of stepping over each of its terms.
   */
  private readonly subtreeStart: Int32Array;
  private readonly subtreeEnd: Int32Array;
  private readonly longestTerm: number;

  /** The index of the entries (see searchIndexColumns for joinAdjacentWords). */
  static build<T>(entries: IndexedEntry<T>[], { joinAdjacentWords }: { joinAdjacentWords: boolean }): SearchIndex<T> {
    const values = entries.map((entry) => entry.value);
    return new SearchIndex((entry) => values[entry]!, searchIndexColumns(entries, joinAdjacentWords));
  }

  /** An index from its columns; `valueOf` gives the value of an entry (its place in the columns) that a search returns. */
  constructor(private readonly valueOf: (entry: number) => T, columns: SearchIndexColumns) {
    ({
      terms: this.terms, popularity: this.popularity, voteCount: this.voteCount, alphabetical: this.alphabetical,
      sharedWithPrevious: this.sharedWithPrevious, subtreeStart: this.subtreeStart, subtreeEnd: this.subtreeEnd,
    } = columns);
    this.words = new Lists(columns.words.starts, columns.words.items);
    this.docTerms = new Lists(columns.docTerms.starts, columns.docTerms.items);
    this.postings = new Lists(columns.postings.starts, columns.postings.items);
    this.longestTerm = this.terms.reduce((longest, term) => Math.max(longest, term.length), 0);
  }

  /** The alphabetical position after the last term that shares its first `depth` letters with the term at `i`. */
  private endOfSubtree(i: number, depth: number): number {
    const shared = this.sharedWithPrevious[i]!;
    if (depth > shared) return this.subtreeEnd[this.subtreeStart[i]! + depth - shared - 1]!;
    let end = i + 1;
    while (end < this.alphabetical.length && this.sharedWithPrevious[end]! >= depth) end++;
    return end;
  }

  /** The best-ranked entries for the query, at most `limit`. */
  search(query: string, limit: number): T[] {
    const queryWords = searchWords(query);
    if (queryWords.length === 0) return [];
    const last = queryWords.length - 1;
    // The longest word (usually the rarest) finds the candidates through the vocabulary; the other words are
    // only checked against each candidate's own terms, so a common short word never walks half the index.
    const pivot = queryWords.reduce((longest, word, i) => (word.length > queryWords[longest]!.length ? i : longest), 0);
    const candidates = this.matchWord(queryWords[pivot]!, pivot === last);
    // The best `limit` hits so far, best first: most candidates lose to the last one and cost one comparison.
    // What each other word costs against a term, worked out once per term (candidates share most of their terms).
    const termCosts = queryWords.map((_, i) => (i === pivot ? null : new Uint8Array(this.terms.length).fill(UNKNOWN_COST)));
    const costOf = (i: number, termId: number) => {
      const known = termCosts[i]![termId]!;
      return known !== UNKNOWN_COST ? known : (termCosts[i]![termId] = termCost(queryWords[i]!, this.terms[termId]!, i === last));
    };
    const best: Hit[] = [];
    for (const doc of candidates.docs) {
      let cost = candidates.costs[doc]!;
      const popularity = this.popularity[doc]!;
      const voteCount = this.voteCount[doc]!;
      // The best this candidate can still be: the other words only add to its cost and rank. Most candidates of a
      // common word stop here, before their other words are compared.
      const bestRank = cost > PREFIX_COST ? MatchRank.Similar : MatchRank.Exact;
      if (best.length === limit && !precedes(bestRank, 1 / (1 + cost), popularity, voteCount, doc, best[limit - 1]!)) continue;
      let worst = cost;
      for (let i = 0; i <= last && cost >= 0; i++) {
        if (i === pivot) continue;
        let wordCost = NO_MATCH;
        for (let k = 0; k < this.docTerms.length(doc); k++) wordCost = Math.min(wordCost, costOf(i, this.docTerms.item(doc, k)));
        if (wordCost === NO_MATCH) { cost = -1; break; }
        cost += wordCost;
        worst = Math.max(worst, wordCost);
      }
      if (cost < 0) continue;
      const rank = this.rankOf(doc, queryWords, worst);
      const similarity = 1 / (1 + cost);
      if (best.length === limit && !precedes(rank, similarity, popularity, voteCount, doc, best[limit - 1]!)) continue;
      const hit = { doc, rank, similarity, popularity, voteCount };
      let at = best.length;
      while (at > 0 && compareHits(hit, best[at - 1]!) < 0) at--;
      best.splice(at, 0, hit);
      if (best.length > limit) best.pop();
    }
    return best.map((hit) => this.valueOf(hit.doc));
  }

  private rankOf(doc: number, queryWords: string[], worstWordCost: number): MatchRank {
    // Starting with the query means every word matched exactly or (the last) as a prefix.
    if (worstWordCost > PREFIX_COST) return MatchRank.Similar;
    const count = this.words.length(doc);
    const wordAt = (i: number) => this.terms[this.words.item(doc, i)]!;
    const last = queryWords.length - 1;
    const startsWithQuery = count > last && queryWords.every((word, i) => (i < last ? wordAt(i) === word : wordAt(i).startsWith(word)));
    if (startsWithQuery) return count === queryWords.length && wordAt(last) === queryWords[last] ? MatchRank.Exact : MatchRank.Prefix;
    return MatchRank.Contains;
  }

  /** The entries a query word matches, each with its cheapest match (NO_MATCH for the others). */
  private matchWord(word: string, isLast: boolean): WordMatches {
    const costs = new Uint8Array(this.popularity.length).fill(NO_MATCH);
    const docs: number[] = [];
    const add = (termId: number, cost: number) => {
      for (let k = 0; k < this.postings.length(termId); k++) {
        const doc = this.postings.item(termId, k);
        const known = costs[doc]!;
        if (known === NO_MATCH) docs.push(doc);
        if (cost < known) costs[doc] = cost;
      }
    };
    const first = this.firstAtOrAfter(word);
    const exact = first < this.alphabetical.length && this.terms[this.alphabetical[first]!] === word ? this.alphabetical[first] : undefined;
    if (exact !== undefined) add(exact, 0);
    if (isLast) for (const id of this.prefixed(word)) if (id !== exact) add(id, PREFIX_COST);

    const typoPrefix = isLast && word.length >= MIN_TYPO_PREFIX_LENGTH;
    this.forEachSimilarTerm(word, typoBudget(word.length), typoPrefix, (id, distance) => {
      if (distance > 0) add(id, TYPO_COST + distance);
    });
    return { costs, docs };
  }

  /**
   * Calls `found` for every term within `budget` edits of `word` (with `prefix`, for the closest prefix of the term),
   * with that distance. The alphabetical vocabulary is walked as a trie: a term reuses the rows of the distance
   * table (editDistance's) for the letters it shares with the previous term, and once a prefix is more than
   * `budget` edits away, every term starting with it is skipped unseen.
   */
  private forEachSimilarTerm(word: string, budget: number, prefix: boolean, found: (id: number, distance: number) => void): void {
    const n = word.length;
    // A row past n + budget letters is over the budget in every cell (a cell is at least the length difference):
    // a longer term is too far, though one of its prefixes may be close.
    const deepest = Math.min(this.longestTerm, n + budget);
    // rows[d]: the table's row for a term's first d letters (fillRow's band within `budget` of the diagonal).
    // atEnd[d]: the row's last cell (the distance of the first d letters); closest[d]: the least of atEnd[0..d].
    const rows = [firstRow(n, budget), ...Array.from({ length: deepest }, () => new Int32Array(n + 2))];
    const atEnd = new Int32Array(deepest + 1);
    const closest = new Int32Array(deepest + 1);
    atEnd[0] = closest[0] = n;
    let computed = 0;
    for (let i = 0; i < this.alphabetical.length;) {
      const id = this.alphabetical[i]!;
      const term = this.terms[id]!;
      const last = Math.min(term.length, deepest);
      let depth = Math.min(computed, this.sharedWithPrevious[i]!, last);
      let tooFar = false;
      while (depth < last && !tooFar) {
        depth++;
        const rowMin = fillRow(word, term, depth, budget, rows[depth]!, rows[depth - 1]!, rows[depth - 2]);
        atEnd[depth] = lastCell(rows[depth]!, n, depth, budget);
        closest[depth] = Math.min(closest[depth - 1]!, atEnd[depth]!);
        // No longer prefix can come back within the budget.
        if (rowMin > budget) tooFar = true;
      }
      computed = depth;
      if (!tooFar && term.length === depth) {
        const distance = prefix ? closest[depth]! : atEnd[depth]!;
        if (distance <= budget) found(id, distance);
        i++;
        continue;
      }
      // The letters after `depth` cannot matter: this term and every following one that starts with the same
      // letters are as far as the closest of those letters' prefixes (with `prefix`), or out of reach.
      const distance = prefix ? closest[depth]! : budget + 1;
      const end = this.endOfSubtree(i, depth);
      if (distance <= budget) for (let j = i; j < end; j++) found(this.alphabetical[j]!, distance);
      i = end;
    }
  }

  /** The alphabetical position of the first term not before the word. */
  private firstAtOrAfter(word: string): number {
    let low = 0;
    let high = this.alphabetical.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[this.alphabetical[mid]!]! < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Ids of the terms starting with the word. */
  private *prefixed(word: string): Generator<number> {
    for (let i = this.firstAtOrAfter(word); i < this.alphabetical.length && this.terms[this.alphabetical[i]!]!.startsWith(word); i++) yield this.alphabetical[i]!;
  }
}
