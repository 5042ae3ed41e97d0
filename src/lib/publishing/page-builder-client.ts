/**
 * The Node server's side of its page builder (scripts/page-builder.ts): started by scripts/serve.ts before it listens,
 * it builds the site into the served outDir and then publishes it (node-publisher.ts). The server keeps the set of
 * stale pages the publisher tells it about; a visitor's request for one waits while the publisher renews it first, so
 * no request is answered from a file older than the catalogue (a second, at most, after a change).
 *
 * The page builder runs at a lower CPU priority than the server (visitors come first) in its own process group, and
 * ends with the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { childEnv, serverPort, siteUrlSetting } from '../settings.ts';
import { pagePathOf } from './page-files.ts';

/** What the page builder tells the server. */
export type BuilderMessage =
  | { type: 'built'; rendered: number; kept: number; peakRssMb: number }
  | { type: 'failed'; message: string }
  | { type: 'stale'; id: number; paths: string[] }
  | { type: 'current'; paths: string[] }
  | { type: 'renewed'; id: number };

/** What the server asks of the page builder. */
export type ServerMessage = { type: 'ack'; id: number } | { type: 'renew'; id: number; path: string };

/** The build's niceness (0 is normal, 19 the lowest priority): the server keeps the CPU while it builds. */
const BUILD_NICENESS = 10;
/** A visitor waits at most this long for a stale page; then the file is sent as it is. */
const RENEW_WAIT_MS = 10_000;
/**
 * The page builder's entry point, relative to the project. Spelled as parts, not as one path literal: Netlify's
 * function bundler traces literal paths and would bundle the script into every function that imports this module.
 */
const PAGE_BUILDER_ENTRY = ['scripts', 'page-builder.ts'];

/**
 * Called by the page builder once its build is over: its renders are then what a visitor of a stale page waits for,
 * so they run at normal priority. Linux keeps a niceness per thread, so every thread is set, the compression and
 * garbage-collection threads the build started included: left at the build's, they would get the CPU last, after the
 * server and the database. Lowering a niceness takes the privilege to (root, or an RLIMIT_NICE that allows it);
 * without it the publisher keeps the build's, and says so.
 */
export function publishAtNormalPriority(): void {
  try {
    setPriority(0);
  } catch {
    console.log(`[publishing] the publisher keeps the build's niceness (${BUILD_NICENESS}): this system does not let it lower its own`);
    return;
  }
  for (const thread of otherThreadIds()) {
    try { setPriority(thread, 0); } catch { /* the thread has ended */ }
  }
}

/** The ids of this process's other threads, which Linux lists in /proc (elsewhere, none: the niceness is the process's). */
function otherThreadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number).filter((thread) => thread !== process.pid);
  } catch {
    return [];
  }
}

/** What the build did: pages rendered, pages of the last run kept as they were, the page builder's peak memory. */
export interface BuiltSite { rendered: number; kept: number; peakRssMb: number }

export class PageBuilder {
  readonly #child: ChildProcess;
  readonly exited: Promise<void>;
  readonly #stale = new Set<string>();
  readonly #renewals = new Map<number, () => void>();
  #nextId = 0;

  private constructor(child: ChildProcess, exited: Promise<void>) {
    this.#child = child;
    this.exited = exited;
    child.on('message', (message: BuilderMessage) => this.#receive(message));
    // A page builder gone mid-renewal answers no more: nobody waits for it.
    void exited.catch(() => {}).finally(() => {
      for (const done of this.#renewals.values()) done();
      this.#renewals.clear();
      this.#stale.clear();
    });
  }

  /** Builds the site into `outDir`; resolves once the build is done, with the page builder publishing (unless off). */
  static async start(outDir: string): Promise<{ builder: PageBuilder; built: BuiltSite }> {
    const args = [...(process.features.typescript ? [] : ['--experimental-strip-types']), join(process.cwd(), ...PAGE_BUILDER_ENTRY)];
    const env = childEnv({ ASTRO_OUT_DIR: outDir, SITE_URL: siteUrlSetting() ?? `http://localhost:${serverPort()}` });
    const { child, exited } = startAtBuildPriority(args, env);
    const builder = new PageBuilder(child, exited);
    const first = await Promise.race([
      new Promise<BuilderMessage>((resolve) => child.once('message', resolve)),
      exited.then(() => { throw new Error('The page builder exited before its build was done.'); }),
    ]);
    if (first.type === 'failed') throw new Error(`The build failed: ${first.message}`);
    if (first.type !== 'built') throw new Error(`The page builder answered ${first.type} to its build.`);
    return { builder, built: { rendered: first.rendered, kept: first.kept, peakRssMb: first.peakRssMb } };
  }

  /** Whether the page `urlPath` names (however it is spelled) is older than the catalogue. */
  isStale(urlPath: string): boolean {
    const path = this.#stale.size ? pagePathOf(urlPath) : null;
    return path !== null && this.#stale.has(path);
  }

  /** Resolves once the page `urlPath` names is current (or after RENEW_WAIT_MS, or when the page builder is gone). */
  renew(urlPath: string): Promise<void> {
    const path = pagePathOf(urlPath);
    if (path === null || !this.#stale.has(path) || !this.#child.connected) return Promise.resolve();
    const id = ++this.#nextId;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), RENEW_WAIT_MS);
      const finish = () => {
        clearTimeout(timer);
        this.#renewals.delete(id);
        resolve();
      };
      this.#renewals.set(id, finish);
      this.#send({ type: 'renew', id, path });
    });
  }

  stop(): void {
    stopGroup(this.#child);
  }

  #receive(message: BuilderMessage): void {
    if (message.type === 'stale') {
      for (const path of message.paths) this.#stale.add(path);
      this.#send({ type: 'ack', id: message.id });
    } else if (message.type === 'current') {
      for (const path of message.paths) this.#stale.delete(path);
    } else if (message.type === 'renewed') {
      this.#renewals.get(message.id)?.();
    }
  }

  #send(message: ServerMessage): void {
    if (this.#child.connected) this.#child.send(message);
  }
}

/**
 * Starts Node with `args` at BUILD_NICENESS with an IPC channel (which does not keep this process alive), stopped with
 * this process. `exited` resolves when it exits with 0 and rejects with its stderr's end.
 */
function startAtBuildPriority(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; exited: Promise<void> } {
  // Its own process group, so stopping the server also stops the child and everything it started.
  const child = spawn(process.execPath, args, { cwd: process.cwd(), detached: true, stdio: ['ignore', 'inherit', 'pipe', 'ipc'], env });
  // Set as the child starts, so the threads it starts inherit it; raising one's own children's niceness needs no privilege.
  try { setPriority(child.pid!, BUILD_NICENESS); } catch { /* the child already failed; its exit reports why */ }
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  const stopChild = () => stopGroup(child);
  const onSignal = (signal: NodeJS.Signals) => {
    stopChild();
    // Keep the default behaviour (terminate) unless someone else handles the signal.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.on('exit', stopChild);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      process.off('exit', stopChild);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    };
    child.once('error', (error) => { cleanup(); reject(error); });
    child.once('exit', (code, signal) => {
      cleanup();
      if (code === 0) resolve();
      else reject(new Error(`The page builder exited with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
  // Noticed where it is awaited; unawaited, a rejection must not end this process.
  exited.catch(() => {});
  return { child, exited };
}

function stopGroup(child: ChildProcess): void {
  try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
}
