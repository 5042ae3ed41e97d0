/** The publisher's rules that need no database: page paths and files, CDN tags, the journal and what counts as code. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageFile, pagePathOf } from '../../src/lib/publishing/page-files.ts';
import { PageIndex } from '../../src/lib/publishing/page-index.ts';
import {
  ANY_CARD, CDN_TAG_LIMIT, cdnPurgeTag, cdnTags, EVERYTHING, KEYED_PATH_SETS, namedPaths, PATH_SETS, pathsTag, rowPathsTag,
  scoredListTags, scoreMoveTags, type ScoredOrder,
} from '../../src/lib/pages/page-tags.ts';
import { CATALOGUE_PAGES } from '../../src/lib/pages/index.ts';
import { codeHash, Journal, readJournal } from '../../src/lib/publishing/publish-journal.ts';
import { nextYearStart, siteYear } from '../../src/lib/catalog/client/site-clock.ts';
import { personAge } from '../../src/lib/catalog/client/people-params.ts';
import { yearOptions } from '../../src/lib/catalog/client/browse-params.ts';

describe('page paths and files', () => {
  it('names a page however its URL spells it, and only as the build writes it (case kept)', () => {
    for (const spelling of ['/movie/a/1', '/movie/a/1/', '/movie//a/1', '/movie/a/1/index.html', '/movie/a/1/index.html.br', '/movie/%61/1', '/movie/b/../a/1']) {
      expect(pagePathOf(spelling), spelling).toBe('/movie/a/1');
    }
    expect(pagePathOf('/MOVIE/a/1')).toBe('/MOVIE/a/1');
    expect(pagePathOf('/')).toBe('/');
    expect(pagePathOf('/index.html')).toBe('/');
    expect(pagePathOf('/sitemap.xml')).toBe('/sitemap.xml');
    expect(pagePathOf('/%E0%A4%A')).toBeNull();
  });

  it('puts a page in its folder\'s index.html and an endpoint under its own name', () => {
    expect(pageFile('/c', '/')).toBe('/c/index.html');
    expect(pageFile('/c', '/movies')).toBe('/c/movies/index.html');
    expect(pageFile('/c', '/404')).toBe('/c/404.html');
    expect(pageFile('/c', '/sitemap-2.xml')).toBe('/c/sitemap-2.xml');
  });
});

describe('the page index', () => {
  it('finds the pages that show a tag, all of them for the year or everything, and forgets a page\'s old tags', () => {
    const index = new PageIndex();
    const route = { route: '/x' } as never;
    index.set('/a', { route, etag: '"a"', tags: ['m1', 'g2'] });
    index.set('/b', { route, etag: '"b"', tags: ['m1'] });
    index.set('/c', { route, etag: null, tags: [] });
    expect(index.pagesWith(new Set(['m1']))).toEqual(new Set(['/a', '/b']));
    expect(index.pagesWith(new Set(['year']))).toEqual(new Set(['/a', '/b', '/c']));
    expect(index.pagesWith(new Set([EVERYTHING]))).toEqual(new Set(['/a', '/b', '/c']));
    index.set('/a', { route, etag: '"a2"', tags: ['m3'] });
    expect(index.pagesWith(new Set(['m1', 'g2']))).toEqual(new Set(['/b']));
    index.set('/b', { route, etag: '"b2"', tags: ['p4', 'm1'] });
    expect(index.pagesWith(new Set(['m1']))).toEqual(new Set(['/b']));
    expect(index.pagesWith(new Set(['p4', 'm3']))).toEqual(new Set(['/a', '/b']));
    index.delete('/b');
    expect(index.pagesWith(new Set(['p4']))).toEqual(new Set());
    expect(index.pagesWith(new Set(['m1']))).toEqual(new Set());
  });
});

describe('CDN tags', () => {
  it('keeps a response within Netlify\'s 500 tags: past that, its cards are one tag every card\'s change names', () => {
    const few = ['m1', 'mc2', 'lm:all:added'];
    expect(cdnTags(few)).toEqual(few);
    const many = ['p7', 'lp:name', ...Array.from({ length: 600 }, (_, i) => `mi${i}`)];
    const kept = cdnTags(many);
    expect(kept.length).toBeLessThanOrEqual(CDN_TAG_LIMIT);
    expect(kept).toEqual(['p7', 'lp:name', ANY_CARD]);
  });
});

describe('scored list tags', () => {
  const named = (order: ScoredOrder, floor: number | null, from: number | null, to: number | null) => {
    const page = new Set(scoredListTags('movie', 'g28', order, floor));
    return scoreMoveTags('movie', 'g28', order, from, to).some((tag) => page.has(tag));
  };
  const score = (order: ScoredOrder) => (order === 'rating' ? fc.double({ min: 0, max: 10, noNaN: true }) : fc.double({ min: 0, max: 5e6, noNaN: true }));
  const scored = fc.constantFrom<ScoredOrder>('rating', 'popularity').chain((order) => fc.record({
    order: fc.constant(order), floor: fc.option(score(order)), from: fc.option(score(order)), to: fc.option(score(order)),
  }));

  it('name a page showing a list down to its floor whenever a title\'s old or new score reaches it, and always one showing the whole list', () => {
    fc.assert(fc.property(scored, ({ order, floor, from, to }) => {
      const reaches = floor === null || [from, to].some((value) => value !== null && value >= floor);
      if (reaches) expect(named(order, floor, from, to)).toBe(true);
    }), { numRuns: 2000 });
  });

  it('leave a page alone when a title moves well below its floor, and stay within a CDN response\'s tags', () => {
    expect(named('rating', 8.2, 6.1, 6.4)).toBe(false);
    expect(named('rating', 8.2, 6.1, 8.3)).toBe(true);
    expect(named('rating', 8.2, null, 3)).toBe(false);
    expect(named('popularity', 300, 40, 42)).toBe(false);
    expect(named('popularity', 300, 40, 290)).toBe(true);
    expect(named('popularity', 300, 40_000_000, 1)).toBe(true);
    expect(scoredListTags('movie', 'pl8', 'popularity', 0).length).toBeLessThanOrEqual(42);
    expect(scoredListTags('movie', 'pl8', 'popularity', null)).toEqual(['lm:pl8:popularity', 'lm:pl8:popularity:any']);
  });
});

describe('path set tags', () => {
  it('name a whole route or one row\'s page of a detail route, which each detail route can list alone', () => {
    for (const set of PATH_SETS) expect(namedPaths(pathsTag(set))).toEqual({ set });
    for (const set of KEYED_PATH_SETS) {
      expect(namedPaths(rowPathsTag(set, 42))).toEqual({ set, key: 42 });
      expect(CATALOGUE_PAGES.find((kind) => kind.pathSet === set)?.pathsOf, set).toBeTypeOf('function');
    }
    for (const other of ['m1', 'paths:', 'paths:nope', 'paths:category:1', 'paths:person:x', 'paths:person:1:2']) expect(namedPaths(other), other).toBeUndefined();
  });

  it('purge, on a CDN, the set\'s tag that a route\'s absent pages carry', () => {
    expect(cdnPurgeTag(rowPathsTag('person', 7))).toBe(pathsTag('person'));
    expect(cdnPurgeTag(pathsTag('category'))).toBe(pathsTag('category'));
    expect(cdnPurgeTag('m1')).toBe('m1');
  });
});

describe('the site clock', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('counts years in UTC whatever the server\'s time zone, for the footer, the year filter and ages alike', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    // 05:00 on 1 January in Tokyo, still 2026 on the site's clock, and its next year starts at UTC midnight.
    const lateInUtcYear = new Date('2026-12-31T20:00:00Z');
    expect(lateInUtcYear.getFullYear()).toBe(2027);
    expect(siteYear(lateInUtcYear)).toBe(2026);
    expect(yearOptions(lateInUtcYear)[0]).toBe(2026);
    expect(personAge('2000-06-01', lateInUtcYear)).toBe(26);
    expect(nextYearStart(lateInUtcYear).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('is the only clock pages read the year from', () => {
    for (const file of ['src/components/layout/Footer.astro', 'src/lib/catalog/client/browse-params.ts', 'src/lib/catalog/client/people-params.ts', 'src/lib/catalog/contract.ts']) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/getFullYear|getUTCFullYear/);
      expect(source, file).toContain('siteYear');
    }
  });
});

describe('the publisher\'s journal and what counts as code', () => {
  const roots = ['src', 'public', 'db', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
  let copy: string;
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('hashes every kind of code that reaches a page: a change to any makes every page new', () => {
    copy = mkdtempSync(join(tmpdir(), 'code-'));
    for (const root of roots) cpSync(root, join(copy, root), { recursive: true });
    const before = codeHash(copy);
    expect(codeHash(copy)).toBe(before);
    const edits: [string, (source: string) => string][] = [
      // The client:interact directive's triggers.
      ['src/lib/islands/interact-directive.ts', (source) => `${source}\n// another trigger event\n`],
      // An integration (the precompression of static files).
      ['src/lib/compression/precompress.ts', (source) => source.replace('const CONCURRENCY = 8;', 'const CONCURRENCY = 9;')],
      // A Vite plugin, and the chunk grouping, both in the Astro config.
      ['astro.config.mjs', (source) => source.replace("name: 'cinecat:no-modulepreload'", "name: 'cinecat:no-modulepreload-2'")],
      ['astro.config.mjs', (source) => source.replace("name: 'page-scripts'", "name: 'page-scripts-2'")],
      // The Content-Security-Policy.
      ['src/lib/security/headers.ts', (source) => source.replace("\"object-src 'none'\",", "\"object-src 'none'\", \"worker-src 'self'\",")],
      // A dependency.
      ['package-lock.json', (source) => source.replace('"lockfileVersion": 3', '"lockfileVersion": 3 ')],
    ];
    for (const [file, edit] of edits) {
      const path = join(copy, file);
      const original = readFileSync(path, 'utf8');
      const edited = edit(original);
      expect(edited, file).not.toBe(original);
      writeFileSync(path, edited);
      expect(codeHash(copy), file).not.toBe(before);
      writeFileSync(path, original);
    }
    expect(codeHash(copy)).toBe(before);
  });

  it('vouches for the last run\'s pages only under the same code and database, within the log\'s memory and in the same year', async () => {
    copy = mkdtempSync(join(tmpdir(), 'journal-'));
    const journal = await Journal.start(copy, 'code-1', 'db-1', [['/a', { etag: '"a"', tags: ['m1'] }], ['/b', { etag: null, tags: [] }]], '10:10:');
    journal.page('/c', { etag: '"c"', tags: ['m2'] });
    journal.gone('/b');
    await journal.checkpoint('12:12:');
    const kept = await readJournal(copy, 'code-1', 'db-1');
    expect(kept?.cursor).toBe('12:12:');
    expect([...kept!.pages.keys()]).toEqual(['/a', '/c']);
    expect(await readJournal(copy, 'code-2', 'db-1')).toBeNull();
    expect(await readJournal(copy, 'code-1', 'db-2')).toBeNull();
    expect(await readJournal(copy, 'code-1', 'db-1', new Date(Date.now() + 2 * 86_400_000))).toBeNull();
    // A torn last line (a process killed mid-write) is left out.
    writeFileSync(join(copy, 'published.jsonl'), `${readFileSync(join(copy, 'published.jsonl'), 'utf8')}{"page":"/d","et`);
    expect([...(await readJournal(copy, 'code-1', 'db-1'))!.pages.keys()]).toEqual(['/a', '/c']);
  });

  it('a checkpoint resolves once it and every line before it are in the file: what waits for it reads them all', async () => {
    copy = mkdtempSync(join(tmpdir(), 'journal-'));
    const journal = await Journal.start(copy, 'code-1', 'db-1', [], '10:10:');
    const tags = Array.from({ length: 40 }, (_, i) => `mc${i}`);
    for (let i = 0; i < 20_000; i++) journal.page(`/movie/title/${i}`, { etag: `"${i}"`, tags });
    await journal.checkpoint('12:12:');
    const kept = await readJournal(copy, 'code-1', 'db-1');
    expect(kept?.cursor).toBe('12:12:');
    expect(kept?.pages.size).toBe(20_000);
  });
});
