import { describe, expect, it } from 'vitest';
import { Random } from '../../src/lib/random.ts';
import { applyEdit, searchQuery, titleWords, typo, typoInTitle } from '../../scripts/lib/load-bench/queries.ts';
import { formatTable, judge, percentile, summarise, type Measurement } from '../../scripts/lib/load-bench/report.ts';

/** Levenshtein distance, to check that a typo is exactly one edit away (a swap counts as two substitutions). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

describe('load bench typos', () => {
  it('each edit changes the word as named', () => {
    const random = new Random(7);
    expect(applyEdit('matrix', 'drop', random)).toHaveLength(5);
    expect(applyEdit('matrix', 'insert', random)).toHaveLength(7);
    const replaced = applyEdit('matrix', 'replace', random);
    expect(replaced).toHaveLength(6);
    expect(distance(replaced, 'matrix')).toBeLessThanOrEqual(1);
    const swapped = applyEdit('matrix', 'swap', random);
    expect([...swapped].sort().join('')).toBe([...'matrix'].sort().join(''));
  });

  it('a typo is always a different word within one letter edit or one swap', () => {
    const random = new Random('typos');
    for (const word of ['alien', 'heat', 'godfather', 'aaaa', 'été']) {
      for (let i = 0; i < 200; i++) {
        const edited = typo(word, random);
        expect(edited).not.toBe(word);
        expect(distance(edited, word)).toBeLessThanOrEqual(2);
        expect(Math.abs(edited.length - word.length)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('a typo in a title edits its longest word as written and keeps the rest', () => {
    const random = new Random(11);
    for (let i = 0; i < 50; i++) {
      const edited = typoInTitle('The Lonely Tide', random);
      expect(edited).not.toBe('The Lonely Tide');
      expect(edited.startsWith('The ')).toBe(true);
      expect(edited.endsWith(' Tide')).toBe(true);
    }
  });

  it('title words are the distinct lower-cased words of four letters or more, accents kept', () => {
    expect(titleWords(['The Dark Knight', 'Amélie', 'Up', 'The Dark Tower 2'])).toEqual(['dark', 'knight', 'amélie', 'tower']);
  });

  it('a varied search is one or two title words, with a typo each when asked', () => {
    const random = new Random(3);
    const words = ['knight', 'tower', 'amélie'];
    for (let i = 0; i < 50; i++) {
      const exact = searchQuery(words, random, false).split(' ');
      expect(exact.length).toBeGreaterThanOrEqual(1);
      expect(exact.length).toBeLessThanOrEqual(2);
      for (const word of exact) expect(words).toContain(word);
      for (const word of searchQuery(words, random, true).split(' ')) expect(words).not.toContain(word);
    }
  });
});

const row = (overrides: Partial<Measurement>): Measurement => ({
  scenario: 'x', group: 'none', requests: 1000, requestsPerSecond: 100, p50: 5, p95: 20, p99: 40, non2xx: 0, socketErrors: 0, ...overrides,
});

describe('load bench report', () => {
  it('percentiles are nearest-rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('summarises throughput over the measured seconds and keeps the error counts', () => {
    const summary = summarise('search', 'search-browse', { latencies: [30, 10, 20, 40], non2xx: 1, socketErrors: 2, seconds: 2 });
    expect(summary).toEqual({
      scenario: 'search', group: 'search-browse', requests: 4, requestsPerSecond: 2, p50: 20, p95: 40, p99: 40, non2xx: 1, socketErrors: 2,
    });
  });

  it('judges embedded search and browse against a quarter of the static throughput and p99 ≤ 250 ms', () => {
    expect(judge(row({ group: 'search-browse', requestsPerSecond: 300, p99: 250 }), 'embedded', 1000))
      .toEqual({ shareOfStatic: 0.3, mark: '✓ ≥ 25 % of static, p99 ≤ 250 ms' });
    expect(judge(row({ group: 'search-browse', requestsPerSecond: 200, p99: 100 }), 'embedded', 1000).mark).toBe('✗ ≥ 25 % of static, p99 ≤ 250 ms');
    expect(judge(row({ group: 'search-browse', requestsPerSecond: 900, p99: 251 }), 'embedded', 1000).mark).toMatch(/^✗/);
  });

  it('judges PostgreSQL search and browse against 1,000 req/s and p99 ≤ 100 ms, and errors fail any target', () => {
    expect(judge(row({ group: 'search-browse', requestsPerSecond: 1000, p99: 100 }), 'postgres', 5000))
      .toEqual({ shareOfStatic: null, mark: '✓ ≥ 1,000 req/s, p99 ≤ 100 ms' });
    expect(judge(row({ group: 'search-browse', requestsPerSecond: 1500, p99: 50, non2xx: 1 }), 'postgres', 5000).mark)
      .toBe('✗ ≥ 1,000 req/s, p99 ≤ 100 ms (with errors)');
    expect(judge(row({ group: 'write-under-load', p99: 260 }), 'postgres', null).mark).toBe('✗ p99 ≤ 250 ms');
    expect(judge(row({ group: 'static' }), 'embedded', 1000)).toEqual({ shareOfStatic: null, mark: '' });
  });

  it('prints a Markdown table with the share of static for embedded search rows', () => {
    const table = formatTable([
      row({ scenario: 'static movie page', group: 'static', requestsPerSecond: 2000, p50: 3.25, p95: 9, p99: 12 }),
      row({ scenario: 'search, typo, varied', group: 'search-browse', requestsPerSecond: 1234.4, p50: 30, p95: 120, p99: 180, non2xx: 0 }),
    ], 'embedded');
    expect(table.split('\n')).toEqual([
      '| Scenario | req/s | p50 ms | p95 ms | p99 ms | non-2xx | socket errors | % of static | target |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      '| static movie page | 2,000 | 3.3 | 9.0 | 12 | 0 | 0 |  |  |',
      '| search, typo, varied | 1,234 | 30 | 120 | 180 | 0 | 0 | 62 % | ✓ ≥ 25 % of static, p99 ≤ 250 ms |',
    ]);
  });
});
