/** Child processes for the orchestration scripts: run to completion, or keep running until we stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv } from '../../src/lib/settings.ts';

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: childEnv(env) });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

export function keepRunning(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(command, args, { stdio: 'inherit', env: childEnv(env) });
}

/** Runs `cleanup` once on Ctrl-C, SIGTERM or when `child` exits, then exits with the child's status. */
export function stopTogether(child: ChildProcess, cleanup: () => Promise<void>): void {
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode === null) child.kill('SIGTERM');
    await cleanup();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  child.once('exit', (code) => void stop(code ?? 0));
}

/** Sends SIGTERM and waits for the child to exit (SIGKILL after `graceMs`). */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
