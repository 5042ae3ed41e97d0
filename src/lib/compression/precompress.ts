/**
 * Build step for the Node server: writes `<file>.br` next to every compressible static file (and `<file>.gz` next
 * to the build's hashed assets), which src/lib/http/static-files.ts then serves to clients that accept them.
 * Pages get brotli only: every current browser accepts it over HTTPS, a client that accepts only gzip (Node's fetch
 * over plain HTTP, for one) gets the page as it is, and a second variant of 40,000 pages would double the build's
 * compression time.
 * Netlify's CDN compresses by itself, so the integration only runs with the Node adapter.
 *
 * It runs once the prerender is done. Variants are kept in Astro's cache dir by content hash, so a file whose bytes
 * an earlier build already compressed (every page a start kept from the last run) gets that variant hard-linked:
 * only the files that changed are compressed.
 *
 * Finding a file's hash without reading it: a start that keeps the last run's pages (publishing/publish-journal.ts)
 * leaves their files where they are, and built files are never written in place (the publisher replaces a page by
 * rename(2)). So a file with the inode, size and modification time it had when the last build hashed it holds the same
 * bytes, and its hash is the one recorded then.
 */
import { createHash } from 'node:crypto';
import { readdirSync, type Stats } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { runAll } from '../run-all.ts';
import {
  brotliOptions, compressibleFileType, ENCODED_SUFFIX, gzipOptions, MIN_COMPRESSIBLE_BYTES, type Encoding, type Strength,
} from './encodings.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The variants precompressFile makes for each strength; `.br` first, as its presence marks a complete entry. */
const VARIANTS: Record<Strength, Encoding[]> = { page: ['br'], asset: ['br', 'gzip'] };

/** Files compressed at once: enough to keep zlib's thread pool busy, few enough to bound memory. */
const CONCURRENCY = 8;
/** Under Astro's cacheDir. */
const VARIANTS_DIR = 'precompressed';
/** In the variants' directory: the last build's files, by path, with their identity and variant key. */
const HASHED_FILE = 'hashed.json';

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
        variants = variantCacheIn(fileURLToPath(config.cacheDir));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const { compressed, reused } = await precompressDirectory(fileURLToPath(dir), variants);
        logger.info(`Precompressed ${compressed} files and reused the variants of ${reused} unchanged ones in ${Date.now() - started} ms`);
      },
    },
  };
}

/** The variants kept under Astro's cacheDir. */
export function variantCacheIn(cacheDir: string): VariantCache {
  return new VariantCache(join(cacheDir, VARIANTS_DIR));
}

/** A file's identity when it was hashed, and its variant key. */
interface HashedFile { dev: number; ino: number; size: number; mtimeMs: number; key: string }

/**
 * Compressed variants by content hash and strength, shared between builds. An entry is written to a temporary name
 * and renamed, `.gz` before `.br`, so an entry whose `.br` exists is complete; files are never changed afterwards,
 * which makes hard links into a served build safe. It also keeps what the last build hashed.
 */
export class VariantCache {
  private readonly used = new Set<string>();
  private created: Promise<unknown> | undefined;
  private previouslyHashed: Promise<Map<string, HashedFile>> | undefined;
  private readonly hashed = new Map<string, HashedFile>();
  readonly dir: string;

  // No parameter properties: the page builder (scripts/page-builder.ts) loads this module with Node's type stripping.
  constructor(dir: string) {
    this.dir = dir;
  }

  private file(key: string, encoding: Encoding): string {
    return join(this.dir, key + ENCODED_SUFFIX[encoding]);
  }

  /** The key of the file at `path` (relative to the build), when the last build hashed that very file. */
  async knownKey(path: string, file: Stats): Promise<string | null> {
    this.previouslyHashed ??= readFile(join(this.dir, HASHED_FILE), 'utf8')
      .then((text) => new Map(Object.entries(JSON.parse(text) as Record<string, HashedFile>)))
      .catch(() => new Map());
    const record = (await this.previouslyHashed).get(path);
    const same = record && record.dev === file.dev && record.ino === file.ino && record.size === file.size && record.mtimeMs === file.mtimeMs;
    if (same) this.hashed.set(path, record);
    return same ? record.key : null;
  }

  /** Records the key of the file at `path`, for the next build. */
  remember(path: string, file: Stats, key: string): void {
    this.hashed.set(path, { dev: file.dev, ino: file.ino, size: file.size, mtimeMs: file.mtimeMs, key });
  }

  /** Links the cached variants for `key` next to `target`; false when there are none (or they just went). */
  async reuse(key: string, strength: Strength, target: string): Promise<boolean> {
    this.used.add(key);
    const [first, ...others] = VARIANTS[strength];
    try {
      await place(this.file(key, first!), target + ENCODED_SUFFIX[first!]);
    } catch {
      return false;
    }
    // A missing one was not worth writing.
    await Promise.all(others.map((encoding) => place(this.file(key, encoding), target + ENCODED_SUFFIX[encoding]).catch(() => {})));
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

  /** Removes the variants no file of this build used (the cache holds one build's worth) and saves what it hashed. */
  async finish(): Promise<void> {
    const names = readdirSync(this.dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
    const unused = names.filter((name) => name !== HASHED_FILE && !this.used.has(name.replace(/\.(br|gz)$/, '')));
    await Promise.all(unused.map((name) => rm(join(this.dir, name), { force: true })));
    const aside = join(this.dir, `${HASHED_FILE}.${process.pid}`);
    await writeFile(aside, JSON.stringify(Object.fromEntries(this.hashed)));
    await rename(aside, join(this.dir, HASHED_FILE));
  }
}

/** Hard link where possible (same file system), a copy otherwise; replaces whatever `target` was. */
async function place(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      await rm(target, { force: true });
      return place(source, target);
    }
    if (code !== 'EXDEV') throw error;
    await copyFile(source, target);
  }
}

/** Writes the variants for every compressible file under `root`, reusing cached ones for unchanged bytes. */
export async function precompressDirectory(root: string, cache?: VariantCache): Promise<PrecompressSummary> {
  // Synchronous: a build's tree is tens of thousands of folders, which the asynchronous walk takes twice as long over.
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    // Dotfiles are build records the static server refuses to send.
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  const summary = await precompressFiles(root, files, cache);
  await cache?.finish();
  return summary;
}

/**
 * Writes the variants of `path` (relative to `root`), a file the publisher just wrote: no build hashed it, so the last
 * build's record of what it hashed is not read. Every other variant is kept in the cache: the next full build's
 * finish() prunes them.
 */
export async function precompressNewFile(root: string, path: string, cache: VariantCache): Promise<void> {
  if (compressibleFileType(path) !== undefined) await compressFile(root, path, cache);
}

/** Writes the variants of the files `paths` (relative to `root`). */
async function precompressFiles(root: string, paths: string[], cache?: VariantCache): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { compressed: 0, reused: 0 };
  await runAll(paths.filter((path) => compressibleFileType(path) !== undefined), CONCURRENCY, async (path) => {
    const outcome = await precompressFile(root, path, cache);
    if (outcome) summary[outcome]++;
  });
  return summary;
}

function strengthOf(relativePath: string): Strength {
  return relativePath.startsWith(`_astro${sep}`) ? 'asset' : 'page';
}

/** A built file: the variants of its key when the last build hashed this very file, else compressFile's. */
async function precompressFile(root: string, path: string, cache?: VariantCache): Promise<keyof PrecompressSummary | null> {
  const file = join(root, path);
  const identity = cache && await stat(file);
  const knownKey = identity && await cache!.knownKey(path, identity);
  if (knownKey && await cache!.reuse(knownKey, strengthOf(path), file)) return 'reused';
  return compressFile(root, path, cache, identity);
}

/**
 * Reads the file and links the cache's variants of its bytes, or writes them. With `identity` (the file's, as a build
 * found it), the file's key is remembered for the next build.
 */
async function compressFile(root: string, path: string, cache?: VariantCache, identity?: Stats): Promise<keyof PrecompressSummary | null> {
  const file = join(root, path);
  const strength = strengthOf(path);
  const content = await readFile(file);
  if (content.length < MIN_COMPRESSIBLE_BYTES) return null;
  const key = `${createHash('sha256').update(content).digest('base64url')}.${strength}`;
  if (identity) cache!.remember(path, identity, key);
  if (await cache?.reuse(key, strength, file)) return 'reused';
  const variants: [Encoding, Promise<Buffer>][] = [['br', brotli(content, brotliOptions(strength, content.length))]];
  if (strength === 'asset') variants.push(['gzip', gzipAsync(content, gzipOptions(strength))]);
  // A variant that saves nothing is left out; the server then sends the file as it is.
  const worthKeeping = (await Promise.all(variants.map(async ([encoding, compressing]) => [encoding, await compressing] as [Encoding, Buffer])))
    .filter(([, encoded]) => encoded.length < content.length);
  if (cache) await cache.store(key, file, worthKeeping);
  else await Promise.all(worthKeeping.map(([encoding, encoded]) => writeFile(file + ENCODED_SUFFIX[encoding], encoded)));
  return 'compressed';
}
