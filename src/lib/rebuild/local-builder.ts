/**
 * Rebuilds the static pages next to the running Node server and swaps them in with no downtime.
 *
 * @astrojs/node serves prerendered files from `<outDir>/client` (resolved from the server entry's location and
 * looked up on every request by `send`), so that path may be a symlink: each build goes to a fresh
 * `<outDir>/builds/<stamp>/` and `<outDir>/client` is then re-pointed with rename(2), which is atomic. The static
 * file server resolves that link once per request (http/static-files.ts), so an answer never mixes two builds. A
 * build runs at a lower CPU priority than the server: on a small machine, visitors come first.
 *
 * The process that ran a build (the page builder, scripts/page-builder.ts) stays: the next rebuild republishes the
 * served build in place with it (republish.ts), each file by rename(2), without another Vite build or a walk over
 * every page. `npm start`'s own build is a page builder's (buildServedOutput), so a server's first rebuild is already
 * a republish. A fresh build runs when there is no page builder, or it died, or another build is being served.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { cp, lstat, mkdir, readdir, realpath, rename, rm, symlink } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { astroOutDir, childEnv, serverPort, siteUrlSetting } from '../settings.ts';
import { incrementalSummary, readIncrementalManifest, type IncrementalSummary } from './incremental-summary.ts';

const BUILDS = 'builds';
const INITIAL = '0-initial';
/** The build's niceness (0 is normal, 19 the lowest priority). */
const BUILD_NICENESS = 10;

export interface LocalBuildOptions {
  /** The served output directory (default ASTRO_OUT_DIR or ./dist). */
  outDir?: string;
  /** Runs the build into `dir`, beside the served client directory; default a page builder's build. */
  build?: (dir: string, servedClient: string | null) => Promise<void>;
}

/** What local-builder.ts asks the page builder (scripts/page-builder.ts), and what it answers. */
export type PageBuilderRequest = { type: 'republish' };
export type PageBuilderReply = { type: 'built'; peakRssMb: number } | { type: 'republished'; summary: IncrementalSummary } | { type: 'failed'; message: string };

interface PageBuilder {
  child: ChildProcess;
  /** The client directory of the build it ran (a real path), which it republishes. */
  client: string;
  exited: Promise<void>;
}

/**
 * The page builder's entry point, relative to the project. Spelled as parts, not as one path literal: Netlify's
 * function bundler traces literal paths and would bundle the script into every function that imports this module.
 */
const PAGE_BUILDER_ENTRY = ['scripts', 'page-builder.ts'];

/**
 * This process's page builder per served outDir. Kept on globalThis: scripts/serve.ts starts the one of npm start's
 * build, and the server bundle's own copy of this module republishes with it.
 */
const PAGE_BUILDERS = Symbol.for('cinecat.page-builders');
const pageBuilders = ((globalThis as { [PAGE_BUILDERS]?: Map<string, PageBuilder> })[PAGE_BUILDERS] ??= new Map());

export function servedOutDir(): string {
  return resolve(astroOutDir() ?? 'dist');
}

/**
 * Republishes the served build with its page builder, or builds (incrementally: unchanged pages come from the last
 * build's cache) and swaps the result in.
 */
export async function buildAndSwap(options: LocalBuildOptions = {}): Promise<IncrementalSummary | null> {
  const outDir = options.outDir ?? servedOutDir();
  const servedClient = await realpath(join(outDir, 'client')).catch(() => null);
  const builder = pageBuilders.get(outDir);
  if (builder && !options.build && builder.client === servedClient && builder.child.exitCode === null) return republishWith(builder);
  stopPageBuilder(outDir);
  const before = await readIncrementalManifest();
  const buildsDir = join(outDir, BUILDS);
  const stamp = String(Date.now());
  const buildDir = join(buildsDir, stamp);
  await mkdir(buildsDir, { recursive: true });
  try {
    await (options.build ?? (async (dir, served) => {
      const { builder: started } = await startPageBuilder(outDir, dir, served);
      started.client = await realpath(join(dir, 'client'));
    }))(buildDir, servedClient);
    await swapClientDir(outDir, join(buildDir, 'client'));
  } catch (error) {
    stopPageBuilder(outDir);
    await removeTrees([buildDir]);
    throw error;
  }
  // The page builder keeps the build's server half: its modules load from there.
  await removeTrees(await oldBuilds(buildsDir, stamp));
  const after = await readIncrementalManifest();
  return after && incrementalSummary(before, after);
}

/** What npm start's build did, and the most memory its page builder used. */
export type ServedOutputBuild = IncrementalSummary & { peakRssMb: number };

/**
 * npm start's build, before its server takes requests: a page builder builds `<outDir>` itself (over what a previous
 * run left), which is then served from `builds/` (serveFromBuildsDir). With `keepPageBuilder` it stays for this
 * process's rebuilds, so the first is a republish; otherwise it ends with the build.
 */
export async function buildServedOutput(outDir: string, options: { keepPageBuilder: boolean }): Promise<ServedOutputBuild> {
  stopPageBuilder(outDir);
  await resetServedOutput(outDir);
  const before = await readIncrementalManifest();
  try {
    const { builder, peakRssMb } = await startPageBuilder(outDir, outDir, null);
    await serveFromBuildsDir(outDir);
    builder.client = await realpath(join(outDir, 'client'));
    if (!options.keepPageBuilder) stopPageBuilder(outDir);
    return { ...incrementalSummary(before, (await readIncrementalManifest()) ?? { routes: {} }), peakRssMb };
  } catch (error) {
    stopPageBuilder(outDir);
    throw error;
  }
}

/** Stops the page builder of `outDir` (every one without), if this process started one. */
export function stopPageBuilder(outDir?: string): void {
  for (const [dir, builder] of pageBuilders) {
    if (outDir !== undefined && dir !== outDir) continue;
    pageBuilders.delete(dir);
    stopGroup(builder.child);
  }
}

/**
 * Runs a page builder's build into `dir` (linking unchanged pages from the served build) and keeps it for `outDir`;
 * the caller sets its `client` once that build is where it will be served from.
 */
async function startPageBuilder(outDir: string, dir: string, servedClient: string | null): Promise<{ builder: PageBuilder; peakRssMb: number }> {
  const args = [...(process.features.typescript ? [] : ['--experimental-strip-types']), join(process.cwd(), ...PAGE_BUILDER_ENTRY)];
  const { child, exited } = startAtBuildPriority('the page builder', args, buildEnv(dir, servedClient), true);
  const builder: PageBuilder = { child, client: '', exited };
  pageBuilders.set(outDir, builder);
  const reply = await Promise.race([nextReply(builder), exited.then(() => { throw new Error('The page builder exited before its build was done.'); })]);
  if (reply.type !== 'built') throw new Error(`The page builder answered ${reply.type} to its build.`);
  return { builder, peakRssMb: reply.peakRssMb };
}

async function republishWith(builder: PageBuilder): Promise<IncrementalSummary> {
  const reply = nextReply(builder);
  builder.child.send({ type: 'republish' } satisfies PageBuilderRequest);
  const exit = builder.exited.then(() => 'it exited with 0', (error: Error) => error.message).then((why) => {
    throw new Error(`The page builder exited during a republish (${why}).`);
  });
  const answer = await Promise.race([reply, exit]);
  if (answer.type === 'failed') throw new Error(`Republishing failed: ${answer.message}`);
  if (answer.type !== 'republished') throw new Error(`The page builder answered ${answer.type} to a republish.`);
  return answer.summary;
}

function nextReply(builder: PageBuilder): Promise<PageBuilderReply> {
  return new Promise((resolvePromise) => builder.child.once('message', (message) => resolvePromise(message as PageBuilderReply)));
}

/**
 * Makes `<outDir>/client` a symlink to the build it holds, moved into `builds/`, so that every later swap is one
 * rename(2). A directory cannot be replaced by a symlink atomically, so this leaves a moment with no `client` at all:
 * a server that rebuilds calls it before it takes requests (scripts/start.ts); a swap calls it in case nobody did.
 */
export async function serveFromBuildsDir(outDir = servedOutDir()): Promise<void> {
  const link = join(outDir, 'client');
  if (!(await lstat(link).catch(() => null))?.isDirectory()) return;
  const initial = join(outDir, BUILDS, INITIAL);
  await mkdir(initial, { recursive: true });
  await rename(link, join(initial, 'client'));
  await symlink(relative(outDir, join(initial, 'client')), link);
}

/** Points `<outDir>/client` at `newClient` atomically. */
export async function swapClientDir(outDir: string, newClient: string): Promise<void> {
  const link = join(outDir, 'client');
  await serveFromBuildsDir(outDir);
  // Pages rendered on demand by the running (older) server may still name older hashed assets: keep them.
  await cp(join(link, '_astro'), join(newClient, '_astro'), { recursive: true, force: false, errorOnExist: false }).catch(() => {});
  const next = join(outDir, `client.next-${process.pid}-${Date.now()}`);
  await symlink(relative(outDir, newClient), next);
  await rename(next, link);
}

/**
 * Before a full `astro build` into the served directory (npm start): a previous run's swaps left `client` as a
 * symlink into `builds/`; remove both so the build writes a plain directory again.
 */
export async function resetServedOutput(outDir = servedOutDir()): Promise<void> {
  const link = join(outDir, 'client');
  if ((await lstat(link).catch(() => null))?.isSymbolicLink()) await rm(link);
  await rm(join(outDir, BUILDS), { recursive: true, force: true });
}

/**
 * Before the first build of a server process: a build cut off by a killed server left its folder in `builds/` (and
 * perhaps a `client.next-*` link); everything there but the build being served goes.
 */
export async function removeUnservedBuilds(outDir = servedOutDir()): Promise<void> {
  const served = await realpath(join(outDir, 'client')).catch(() => null);
  const buildsDir = await realpath(join(outDir, BUILDS)).catch(() => null);
  if (buildsDir) {
    const dirs = (await readdir(buildsDir)).map((name) => join(buildsDir, name));
    await removeTrees(dirs.filter((dir) => !served?.startsWith(dir + sep)));
  }
  for (const name of await readdir(outDir).catch(() => [])) {
    if (name.startsWith('client.next-')) await rm(join(outDir, name), { force: true });
  }
}

/** The builds to remove: all but the newest and the one before it (requests may still be streaming from it). */
async function oldBuilds(buildsDir: string, current: string): Promise<string[]> {
  const names = (await readdir(buildsDir)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const keep = new Set([current, ...names.filter((name) => name !== current).slice(-1)]);
  return names.filter((name) => !keep.has(name)).map((name) => join(buildsDir, name));
}

/**
 * Deletes the folders `paths` in a child process at the build's priority. A build is thousands of files: deleted
 * here, their unlinks would fill this server's thread pool, and every file read, compression and password hash
 * behind them would wait (seconds: the soak's p99 at each swap).
 */
function removeTrees(paths: string[]): Promise<void> {
  if (paths.length === 0) return Promise.resolve();
  const script = 'for (const path of process.argv.slice(1)) require("node:fs").rmSync(path, { recursive: true, force: true });';
  return runAtBuildPriority('removing old builds', ['-e', script, ...paths], childEnv());
}

/** The environment of a build into `dir` that links its unchanged pages from `servedClient`. */
function buildEnv(dir: string, servedClient: string | null, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return childEnv({
    ASTRO_OUT_DIR: dir, SITE_URL: siteUrlSetting() ?? `http://localhost:${serverPort()}`,
    ...(servedClient ? { SERVED_BUILD_CLIENT_DIR: servedClient } : {}), ...env,
  });
}

/** `astro build` into `dir` in a child process, with `env` added to this process's environment. */
export function astroBuild(dir: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  return runAtBuildPriority('astro build', [join(process.cwd(), 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], buildEnv(dir, null, env));
}

/** Node with `args` in a child process at BUILD_NICENESS, stopped with this process; rejects with `what` and its stderr's end. */
function runAtBuildPriority(what: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return startAtBuildPriority(what, args, env).exited;
}

/**
 * Starts Node with `args` at BUILD_NICENESS, stopped with this process (with an IPC channel when `ipc`, which does not
 * keep this process alive). `exited` resolves when it exits with 0 and rejects with `what` and its stderr's end.
 */
function startAtBuildPriority(what: string, args: string[], env: NodeJS.ProcessEnv, ipc = false): { child: ChildProcess; exited: Promise<void> } {
  // Its own process group, so stopping the server also stops the child and everything it started.
  const child = spawn(process.execPath, args, { cwd: process.cwd(), detached: true, stdio: ['ignore', 'ignore', 'pipe', ...(ipc ? ['ipc' as const] : [])], env });
  // Set as the child starts, so the threads it starts inherit it; raising one's own children's niceness needs no privilege.
  try { setPriority(child.pid!, BUILD_NICENESS); } catch { /* the child already failed; its exit reports why */ }
  if (ipc) {
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
  }
  const stopChild = () => stopGroup(child);
  const onSignal = (signal: NodeJS.Signals) => {
    stopChild();
    // Keep the default behaviour (terminate) unless someone else handles the signal.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.on('exit', stopChild);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  const cleanup = () => {
    process.off('exit', stopChild);
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-2000); });
  const exited = new Promise<void>((resolvePromise, reject) => {
    child.once('error', (error) => { cleanup(); reject(error); });
    child.once('exit', (code, signal) => {
      cleanup();
      if (code === 0) resolvePromise();
      else reject(new Error(`${what} exited with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
  // A page builder's exit is noticed where it is awaited; unawaited, a rejection must not end this process.
  exited.catch(() => {});
  return { child, exited };
}

function stopGroup(child: ChildProcess): void {
  try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
}
