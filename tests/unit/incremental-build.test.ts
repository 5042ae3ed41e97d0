/** The incremental build's keys (src/lib/rebuild/page-cache-key.ts) and its report (src/lib/rebuild/incremental-summary.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withCacheKeys } from '../../src/lib/rebuild/page-cache-key.ts';
import { incrementalSummary, type IncrementalManifest } from '../../src/lib/rebuild/incremental-summary.ts';

afterEach(() => { vi.unstubAllEnvs(); vi.useRealTimers(); });

const key = (props: unknown) => withCacheKeys([{ params: { id: '1' }, props }])[0]!.cacheKey;

describe('cache keys', () => {
  it('change with anything the page renders, Maps and Sets included, and only then', () => {
    const props = { title: 'Arvale', cast: [{ name: 'Ada' }], counts: new Map([[1, 2]]) };
    expect(key(props)).toBe(key(structuredClone(props)));
    expect(key({ ...props, cast: [{ name: 'Adda' }] })).not.toBe(key(props));
    expect(key({ ...props, counts: new Map([[1, 3]]) })).not.toBe(key(props));
    expect(key({ ...props, counts: new Set([1]) })).not.toBe(key({ ...props, counts: new Set([2]) }));
  });

  it('change with the build-wide values every page shows: the site name and the year', () => {
    const before = key({ title: 'Arvale' });
    vi.stubEnv('SITE_NAME', 'OtherCat');
    expect(key({ title: 'Arvale' })).not.toBe(before);
    vi.unstubAllEnvs();
    vi.useFakeTimers({ now: new Date('2031-06-01T12:00:00Z'), toFake: ['Date'] });
    expect(key({ title: 'Arvale' })).not.toBe(before);
  });
});

describe('rebuild report', () => {
  const manifest = (dependencyHash: string, keys: Record<string, string>): IncrementalManifest => ({
    routes: { 'movie.astro': { dependencyHash, paths: Object.fromEntries(Object.entries(keys).map(([path, cacheKey]) => [path, { cacheKey, outputFile: `client${path}/index.html` }])) } },
  });

  it('counts as reused the paths whose key and route code are unchanged', () => {
    const before = manifest('code1', { '/a': 'k1', '/b': 'k2', '/gone': 'k3' });
    expect(incrementalSummary(before, manifest('code1', { '/a': 'k1', '/b': 'k2-edited', '/new': 'k4' }))).toEqual({ rendered: 2, reused: 1 });
    expect(incrementalSummary(before, manifest('code2', { '/a': 'k1', '/b': 'k2' }))).toEqual({ rendered: 2, reused: 0 });
    expect(incrementalSummary(null, manifest('code1', { '/a': 'k1' }))).toEqual({ rendered: 1, reused: 0 });
  });
});
