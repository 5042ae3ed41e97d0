/**
 * What an incremental build reused, read from Astro's cache manifest (`<cacheDir>/incremental-build.json`, written by
 * `experimental.incrementalBuild`) before and after it: a keyed path is reused when its route's code hash and its
 * cacheKey are those of the previous build. Pages without a cacheKey (the few fixed pages) are always rendered.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { astroCacheDir } from '../settings.ts';

/** Astro's manifest, in its cacheDir (astro/dist/core/build/incremental.js). */
export const ASTRO_MANIFEST = 'incremental-build.json';

/** As far as this project reads and changes it; `outputFile` is relative to the build's outDir, percent-encoded. */
interface RouteEntry { dependencyHash: string; paths: Record<string, { cacheKey: string; outputFile: string }> }
export interface IncrementalManifest { routes: Record<string, RouteEntry> }

export interface IncrementalSummary {
  /** Keyed paths rendered by the build. */
  rendered: number;
  /** Keyed paths restored from the previous build. */
  reused: number;
}

export async function readIncrementalManifest(cacheDir = resolve(astroCacheDir())): Promise<IncrementalManifest | null> {
  try {
    return JSON.parse(await readFile(join(cacheDir, ASTRO_MANIFEST), 'utf8')) as IncrementalManifest;
  } catch {
    return null;
  }
}

export function incrementalSummary(before: IncrementalManifest | null, after: IncrementalManifest): IncrementalSummary {
  const summary: IncrementalSummary = { rendered: 0, reused: 0 };
  for (const [component, route] of Object.entries(after.routes)) {
    const previous = before?.routes[component];
    for (const [path, { cacheKey }] of Object.entries(route.paths)) {
      const same = previous?.dependencyHash === route.dependencyHash && previous.paths[path]?.cacheKey === cacheKey;
      summary[same ? 'reused' : 'rendered']++;
    }
  }
  return summary;
}
