/**
 * Build step for the Node server: writes `<file>.br` next to every compressible static file (and `<file>.gz` next
 * to the build's hashed assets), which src/lib/compression/node-server.ts then serves to clients that accept them.
 * Pages get brotli only: every current browser accepts it, a client that accepts only gzip gets the page
 * compressed on the fly, and a second variant of 40,000 pages would double the build's compression time.
 * Netlify's CDN compresses by itself, so the integration only runs with the Node adapter.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import {
  brotliOptions, compressibleFileType, ENCODED_SUFFIX, gzipOptions, MIN_COMPRESSIBLE_BYTES, type Encoding, type Strength,
} from './encodings.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
type FileStrength = Exclude<Strength, 'stream'>;

/** Files compressed at once: enough to keep zlib's thread pool busy, few enough to bound memory. */
const CONCURRENCY = 8;

export function precompressStatic(): AstroIntegration {
  return {
    name: 'cinecat:precompress-static',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const count = await precompressDirectory(fileURLToPath(dir));
        logger.info(`Precompressed ${count} files in ${Date.now() - started} ms`);
      },
    },
  };
}

/** Writes the variants for every compressible file under `root`; returns how many files got them. */
export async function precompressDirectory(root: string): Promise<number> {
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && compressibleFileType(entry.name) !== undefined)
    .map((entry) => join(entry.parentPath, entry.name));
  let next = 0;
  let count = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      if (await precompressFile(file, strengthOf(relative(root, file)))) count++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return count;
}

function strengthOf(relativePath: string): FileStrength {
  return relativePath.startsWith(`_astro${sep}`) ? 'asset' : 'page';
}

async function precompressFile(file: string, strength: FileStrength): Promise<boolean> {
  const content = await readFile(file);
  if (content.length < MIN_COMPRESSIBLE_BYTES) return false;
  const variants: [Encoding, Promise<Buffer>][] = [['br', brotli(content, brotliOptions(strength, content.length))]];
  if (strength === 'asset') variants.push(['gzip', gzipAsync(content, gzipOptions(strength))]);
  await Promise.all(variants.map(async ([encoding, compressing]) => {
    const encoded = await compressing;
    // A variant that saves nothing is left out; the server then sends the file as it is.
    if (encoded.length < content.length) await writeFile(file + ENCODED_SUFFIX[encoding], encoded);
  }));
  return true;
}
