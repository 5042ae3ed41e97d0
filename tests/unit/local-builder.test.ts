import { mkdtempSync, mkdirSync, readFileSync, readlinkSync, existsSync, lstatSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildAndSwap, removeUnservedBuilds, resetServedOutput, serveFromBuildsDir } from '../../src/lib/rebuild/local-builder.ts';

const dirs: string[] = [];
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

function fakeBuild(page: string, asset: string) {
  return async (dir: string) => {
    mkdirSync(join(dir, 'client', '_astro'), { recursive: true });
    mkdirSync(join(dir, 'server'), { recursive: true });
    writeFileSync(join(dir, 'client', 'index.html'), page);
    writeFileSync(join(dir, 'client', '_astro', asset), asset);
  };
}

it('swaps the served client directory for a fresh build, keeping older assets and the previous build', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'swap-'));
  dirs.push(outDir);
  mkdirSync(join(outDir, 'client', '_astro'), { recursive: true });
  writeFileSync(join(outDir, 'client', 'index.html'), 'v0');
  writeFileSync(join(outDir, 'client', '_astro', 'old.js'), 'old');

  await buildAndSwap({ outDir, build: fakeBuild('v1', 'a1.js') });
  expect(lstatSync(join(outDir, 'client')).isSymbolicLink()).toBe(true);
  expect(readFileSync(join(outDir, 'client', 'index.html'), 'utf8')).toBe('v1');
  expect(existsSync(join(outDir, 'client', '_astro', 'old.js'))).toBe(true); // pages rendered by the old server still work
  expect(readlinkSync(join(outDir, 'client'))).not.toMatch(/^\//); // relative: the output directory can move

  await new Promise((resolve) => setTimeout(resolve, 5));
  await buildAndSwap({ outDir, build: fakeBuild('v2', 'a2.js') });
  await new Promise((resolve) => setTimeout(resolve, 5));
  await buildAndSwap({ outDir, build: fakeBuild('v3', 'a3.js') });
  expect(readFileSync(join(outDir, 'client', 'index.html'), 'utf8')).toBe('v3');
  expect(readdirSync(join(outDir, 'builds'))).toHaveLength(2);
  expect(readdirSync(outDir).filter((name) => name.startsWith('client.next'))).toEqual([]);
});

it('before serving, a plain build becomes a link into builds/ (once), so that every swap under traffic is one rename', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'swap-'));
  dirs.push(outDir);
  mkdirSync(join(outDir, 'client'), { recursive: true });
  writeFileSync(join(outDir, 'client', 'index.html'), 'v0');
  await serveFromBuildsDir(outDir);
  expect(lstatSync(join(outDir, 'client')).isSymbolicLink()).toBe(true);
  const served = readlinkSync(join(outDir, 'client'));
  await serveFromBuildsDir(outDir);
  expect(readlinkSync(join(outDir, 'client'))).toBe(served);
  expect(readFileSync(join(outDir, 'client', 'index.html'), 'utf8')).toBe('v0');
});

it('a failed build leaves the served pages untouched', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'swap-'));
  dirs.push(outDir);
  mkdirSync(join(outDir, 'client'), { recursive: true });
  writeFileSync(join(outDir, 'client', 'index.html'), 'v0');
  await expect(buildAndSwap({ outDir, build: async () => { throw new Error('astro build exited with 1'); } })).rejects.toThrow('exited with 1');
  expect(lstatSync(join(outDir, 'client')).isDirectory()).toBe(true);
  expect(readFileSync(join(outDir, 'client', 'index.html'), 'utf8')).toBe('v0');
});

it('resetServedOutput turns a swapped layout back into a plain one for a full build', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'swap-'));
  dirs.push(outDir);
  mkdirSync(join(outDir, 'client'), { recursive: true });
  await buildAndSwap({ outDir, build: fakeBuild('v1', 'a1.js') });
  await resetServedOutput(outDir);
  expect(existsSync(join(outDir, 'client'))).toBe(false);
  expect(existsSync(join(outDir, 'builds'))).toBe(false);
});

it('removes the folders of builds cut off by a killed server, and keeps the one being served', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'stray-'));
  dirs.push(outDir);
  mkdirSync(join(outDir, 'client'), { recursive: true });
  writeFileSync(join(outDir, 'client', 'index.html'), 'v0');
  await buildAndSwap({ outDir, build: fakeBuild('v1', 'a1.js') });
  const served = readlinkSync(join(outDir, 'client'));
  // A build killed mid-way, and a swap killed before its rename.
  mkdirSync(join(outDir, 'builds', '99999999999999', 'client'), { recursive: true });
  writeFileSync(join(outDir, 'client.next-1-2'), '');

  await removeUnservedBuilds(outDir);
  expect(readlinkSync(join(outDir, 'client'))).toBe(served);
  expect(readFileSync(join(outDir, 'client', 'index.html'), 'utf8')).toBe('v1');
  expect(readdirSync(join(outDir, 'builds'))).toEqual([served.split('/')[1]]);
  expect(readdirSync(outDir).filter((name) => name.startsWith('client.next'))).toEqual([]);
});
