/**
 * Build step for the Node server: writes `<file>.br` next to every compressible static file (and `<file>.gz` next
 * to the build's hashed assets), which src/lib/http/static-files.ts then serves to clients that accept them.
 * Pages get brotli only: every current browser accepts it, a client that accepts only gzip gets the page
 * compressed on the fly, and a second variant of 40,000 pages would double the build's compression time.
 * Netlify's CDN compresses by itself, so the integration only runs with the Node adapter.
 *
 * It runs once the prerender is done. Variants are kept in Astro's cache dir by content hash, so a file whose bytes
 * an earlier build already compressed (every page an incremental build restored) gets that variant hard-linked:
 * only the files that changed are compressed.
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
/** Under Astro's cacheDir. */
const VARIANTS_DIR = 'precompressed';

export interface PrecompressSummary {
  /** Files compressed by this run. */
  compressed: number;
  /** Files whose variants an earlier run had made for the same bytes. */
  reused: number;
}

export function precompressStatic(): AstroIntegration {
  let variants: VariantCache | undefined;
  return {
    name: 'cinecat:precompress-static',
    hooks: {
      'astro:config:done': ({ config }) => {
        variants = new VariantCache(fileURLToPath(new URL(`${VARIANTS_DIR}/`, config.cacheDir)));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const { compressed, reused } = await precompressDirectory(fileURLToPath(dir), variants);
        logger.info(`Precompressed ${compressed} files and reused the variants of ${reused} unchanged ones in ${Date.now() - started} ms`);
      },
    },
  };
}

/**
 * Compressed variants by content hash and strength, shared between builds. An entry is written to a temporary name
 * and renamed, `.gz` before `.br`, so an entry whose `.br` exists is complete; files are never changed afterwards,
 * which makes hard links into a served build safe.
 */
export class VariantCache {
  private readonly used = new Set<string>();
  private created: Promise<unknown> | undefined;

  constructor(readonly dir: string) {}

  private file(key: string, encoding: Encoding): string {
    return join(this.dir, key + ENCODED_SUFFIX[encoding]);
  }

  /** Links the cached variants for `key` next to `target`; false when there are none (or they just went). */
  async reuse(key: string, target: string): Promise<boolean> {
    this.used.add(key);
    try {
      await place(this.file(key, 'br'), target + ENCODED_SUFFIX.br);
    } catch {
      return false;
    }
    // A missing .gz was not worth writing (or is not made for this strength).
    await place(this.file(key, 'gzip'), target + ENCODED_SUFFIX.gzip).catch(() => {});
    return true;
  }

  /** Keeps the variants for `key` and links them next to `target`. */
  async store(key: string, target: string, encoded: [Encoding, Buffer][]): Promise<void> {
    this.used.add(key);
    this.created ??= mkdir(this.dir, { recursive: true });
    await this.created;
    for (const [encoding, bytes] of encoded.sort(([a], [b]) => (a === 'br' ? 1 : 0) - (b === 'br' ? 1 : 0))) {
      const temporary = `${this.file(key, encoding)}.${process.pid}-${Math.random().toString(36).slice(2)}`;
      await writeFile(temporary, bytes);
      await rename(temporary, this.file(key, encoding));
      await place(this.file(key, encoding), target + ENCODED_SUFFIX[encoding]);
    }
  }

  /** Removes the variants no file of this build used: the cache holds one build's worth. */
  async prune(): Promise<void> {
    const names = await readdir(this.dir).catch(() => []);
    await Promise.all(names.filter((name) => !this.used.has(name.replace(/\.(br|gz)$/, ''))).map((name) => rm(join(this.dir, name), { force: true })));
  }
}

/** Hard link where possible (same file system), a copy otherwise; replaces whatever `target` was. */
async function place(source: string, target: string): Promise<void> {
  await rm(target, { force: true });
  try {
    await link(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(source, target);
  }
}

/** Writes the variants for every compressible file under `root`, reusing cached ones for unchanged bytes. */
export async function precompressDirectory(root: string, cache?: VariantCache): Promise<PrecompressSummary> {
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && compressibleFileType(entry.name) !== undefined)
    .map((entry) => join(entry.parentPath, entry.name));
  const summary: PrecompressSummary = { compressed: 0, reused: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const outcome = await precompressFile(file, strengthOf(relative(root, file)), cache);
      if (outcome) summary[outcome]++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await cache?.prune();
  return summary;
}

function strengthOf(relativePath: string): FileStrength {
  return relativePath.startsWith(`_astro${sep}`) ? 'asset' : 'page';
}

async function precompressFile(file: string, strength: FileStrength, cache?: VariantCache): Promise<keyof PrecompressSummary | null> {
  const content = await readFile(file);
  if (content.length < MIN_COMPRESSIBLE_BYTES) return null;
  const key = `${createHash('sha256').update(content).digest('base64url')}.${strength}`;
  if (await cache?.reuse(key, file)) return 'reused';
  const variants: [Encoding, Promise<Buffer>][] = [['br', brotli(content, brotliOptions(strength, content.length))]];
  if (strength === 'asset') variants.push(['gzip', gzipAsync(content, gzipOptions(strength))]);
  // A variant that saves nothing is left out; the server then sends the file as it is.
  const worthKeeping = (await Promise.all(variants.map(async ([encoding, compressing]) => [encoding, await compressing] as [Encoding, Buffer])))
    .filter(([, encoded]) => encoded.length < content.length);
  if (cache) await cache.store(key, file, worthKeeping);
  else await Promise.all(worthKeeping.map(([encoding, encoded]) => writeFile(file + ENCODED_SUFFIX[encoding], encoded)));
  return 'compressed';
}
