/**
 * Cache keys for Astro's incremental build (`experimental.incrementalBuild`): a prerendered path whose key and whose
 * code (Astro's dependency hash, config and lockfile hashes) are unchanged since the last build is restored from
 * Astro's cache instead of rendered. A page renders only its props and the build-wide values below, so the key is a
 * hash of exactly those.
 */
import { createHash } from 'node:crypto';
import { publicSettings } from '../settings.ts';

/** What every page shows besides its props: the public settings read at render time, and the footer's year. */
export function buildWideKey(): string {
  return JSON.stringify({ settings: publicSettings(), year: new Date().getFullYear() });
}

/** Maps and Sets would serialise as `{}` and hide their changes from the key. */
const serialisable = (_key: string, value: unknown) => (value instanceof Map || value instanceof Set ? [...value] : value);

/** Adds each getStaticPaths() entry's cacheKey: a hash of its props and of the build-wide values. */
export function withCacheKeys<Entry extends { props: unknown }>(entries: Entry[]): (Entry & { cacheKey: string })[] {
  const shared = buildWideKey();
  return entries.map((entry) => ({
    ...entry,
    cacheKey: createHash('sha256').update(shared).update('\n').update(JSON.stringify(entry.props, serialisable)).digest('base64url'),
  }));
}
