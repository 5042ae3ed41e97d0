/**
 * A throwaway PostgreSQL server for the integration tests: initdb into a fresh temp dir, start it with pg_ctl on a
 * free loopback port with trust auth and no fsync, and delete everything on stop.
 *
 * pg_ctl detaches the server into its own session, so it would outlive an interrupted test run. Three guards:
 * stop() in the global teardown, a synchronous stop on process exit and on SIGINT/SIGTERM/SIGHUP, and, at the next
 * start, reaping of servers left by runs whose process is gone (each dir records its owner's pid).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { freePort } from './ports.ts';

export interface PostgresServer {
  /** Superuser URL of the `postgres` database, e.g. postgres://postgres@127.0.0.1:40123/postgres */
  url: string;
  port: number;
  version: string;
  /** Stops the server (fast shutdown: open connections are terminated) but keeps its data, for startAgain(). */
  shutDown(): void;
  /** Starts a server stopped by shutDown() again on the same port. */
  startAgain(): void;
  stop(): Promise<void>;
}

const DIR_PREFIX = 'cinecat-pg-';
const SERVER_BINARIES = ['initdb', 'pg_ctl', 'postgres'];

/** The directory holding initdb, pg_ctl and postgres: $PG_BINDIR, the newest /usr/lib/postgresql/N/bin, or PATH. */
export function findPostgresBinDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const hasAll = (dir: string) => SERVER_BINARIES.every((name) => existsSync(join(dir, name)));
  if (env.PG_BINDIR) return hasAll(env.PG_BINDIR) ? env.PG_BINDIR : null;
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = join(debianRoot, version, 'bin');
      if (hasAll(dir)) return dir;
    }
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const initdb = join(dir, 'initdb');
    if (existsSync(initdb)) {
      const real = dirname(realpathSync(initdb));
      if (hasAll(real)) return real;
    }
  }
  return null;
}

/** initdb refuses to run as root; as root we run the server binaries as the `postgres` OS user. */
function serverUser(): string | null {
  return process.getuid?.() === 0 ? 'postgres' : null;
}

/** How to run a command as `user`: util-linux runuser (often in /usr/sbin, which may not be on PATH), else su. */
function asUser(user: string, command: string, args: string[]): [string, string[]] {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/bin', '/bin'];
  const runuser = dirs.map((dir) => join(dir, 'runuser')).find((file) => existsSync(file));
  if (runuser) return [runuser, ['-u', user, '--', command, ...args]];
  const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
  return ['su', ['-s', '/bin/sh', user, '-c', [command, ...args].map(quote).join(' ')]];
}

function run(binDir: string, command: string, args: string[], options: { allowFailure?: boolean } = {}) {
  const user = serverUser();
  const [file, argv] = user ? asUser(user, join(binDir, command), args) : [join(binDir, command), args];
  const result = spawnSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (!options.allowFailure && (result.error || result.status !== 0)) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? output}`);
  }
  return result;
}

function makeOwnedTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  const user = serverUser();
  if (user) {
    const chown = spawnSync('chown', ['-R', `${user}:`, dir]);
    if (chown.status !== 0) throw new Error(`chown ${user} ${dir} failed: ${chown.stderr}`);
  }
  return dir;
}

function stopAndRemove(binDir: string, dir: string): void {
  const dataDir = join(dir, 'data');
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    // 'immediate' skips the shutdown checkpoint: the data is thrown away anyway.
    run(binDir, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '30'], { allowFailure: true });
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Stops servers and removes dirs left behind by earlier runs that died without cleaning up. */
function reapStaleServers(binDir: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    let owner = 0;
    try {
      owner = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'));
    } catch {
      // No owner file: a dir from a crash between mkdtemp and writeFile, or not ours at all; leave it.
      continue;
    }
    if (owner && isAlive(owner)) continue;
    console.warn(`[test db] removing a PostgreSQL server left by an earlier run (pid ${owner}): ${dir}`);
    stopAndRemove(binDir, dir);
  }
}

/** Whether a process with this pid exists (EPERM: it does, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Starts a fresh server, or returns null when no PostgreSQL server binaries are installed. */
export async function startPostgresServer(): Promise<PostgresServer | null> {
  const binDir = findPostgresBinDir();
  if (!binDir) return null;
  reapStaleServers(binDir);

  const dir = makeOwnedTempDir();
  const dataDir = join(dir, 'data');
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopSync);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    stopAndRemove(binDir, dir);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stopSync();
    process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 1));
  };
  process.on('exit', stopSync);
  for (const signal of SIGNALS) process.on(signal, onSignal);

  try {
    run(binDir, 'initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const port = await startOnFreePort(binDir, dir);
    const version = run(binDir, 'postgres', ['--version']).stdout.trim();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      version,
      shutDown() {
        run(binDir, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']);
      },
      startAgain() {
        startServer(binDir, dir, port);
      },
      async stop() {
        stopSync();
      },
    };
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
    stopSync();
    if (log) console.error(`[test db] server log:\n${log}`);
    throw error;
  }
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** The free port can be taken by someone else between asking and binding, so try a few. */
async function startOnFreePort(binDir: string, dir: string): Promise<number> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    try {
      startServer(binDir, dir, port);
      return port;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function startServer(binDir: string, dir: string, port: number): void {
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`, // the default /var/run/postgresql may not exist or be writable
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run(binDir, 'pg_ctl', ['start', '-D', join(dir, 'data'), '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', serverOptions]);
}
