/** Building the site and serving the build with the project's own Node server, as `npm start` does. */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { astroOutDir } from '../../src/lib/settings.ts';
import { keepRunning, run } from './processes.ts';

/** `astro build` into ASTRO_OUT_DIR (default ./dist), against the database the environment names (npm run build). */
export function buildSite(env: NodeJS.ProcessEnv): Promise<void> {
  return run('npx', ['astro', 'build'], env);
}

/** How long a server started with `build` may take to answer: a full build at 50,000 movies took 13 minutes here. */
export const BUILD_AND_START_TIMEOUT_MS = 60 * 60_000;

/**
 * Node's arguments to run scripts/serve.ts on a build's entry. Node strips the server's types itself (by default
 * from 22.18, behind a flag before): a loader such as tsx would sit in the path of the import() Astro makes for
 * every on-demand request.
 */
export function serverArgs(entry: string, options: { build?: boolean } = {}): string[] {
  return [...(process.features.typescript ? [] : ['--experimental-strip-types']), 'scripts/serve.ts', ...(options.build ? ['--build'] : []), entry];
}

/**
 * The site served by scripts/serve.ts (HOST and PORT from `env`) from the build in ASTRO_OUT_DIR; with `build`, as
 * npm start does, the server builds it first.
 */
export function serveSite(env: NodeJS.ProcessEnv, options: { build?: boolean } = {}): ChildProcess {
  return keepRunning(process.execPath, serverArgs(join(env.ASTRO_OUT_DIR || astroOutDir() || 'dist', 'server', 'entry.mjs'), options), env);
}

/** Resolves once the site answers at `origin`; rejects when `server` exits first or after `timeoutMs`. */
export async function waitForSite(origin: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The site server exited with ${server.exitCode}.`);
    try {
      await fetch(origin, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`The site at ${origin} did not answer within ${timeoutMs / 1000} s.`);
}
