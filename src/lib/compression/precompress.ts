/**
 * Build step for the Node server: writes `<file>.br` next to every compressible static file (and `<file>.gz` next
 * to the build's hashed assets), which src/lib/compression/node-server.ts then serves to clients that accept them.
 * Pages get brotli only: every current browser accepts it, a client that accepts only gzip gets the page
 * compressed on the fly, and a second variant of 40,000 pages would double the build's compression time.
 * Netlify's CDN compresses by itself, so the integration only runs with the Node adapter.
 *
 * Pages are compressed while they are prerendered (src/lib/compression/prerender-capture.ts hands each body over),
 * on zlib's threads beside the one that renders, into a staging directory named by content hash. Once the build
 * is done, a file whose content hashes to a staged variant gets that variant; any other is compressed then.
 */
import { createHash } from 'node:crypto';
import { link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import {
  brotliOptions, compressibleFileType, ENCODED_SUFFIX, gzipOptions, MIN_COMPRESSIBLE_BYTES, type Encoding, type Strength,
} from './encodings.ts';
import { registerPrerenderCompressor, type PrerenderCompressor } from './prerender-capture.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
type FileStrength = Exclude<Strength, 'stream'>;

/** Files compressed at once: enough to keep zlib's thread pool busy, few enough to bound memory. */
const CONCURRENCY = 8;
/** Prerendered pages being compressed at once; rendering waits for one to finish beyond this. */
const STAGING_CONCURRENCY = 16;
const STAGING_DIR = '.precompress-staging';

export function precompressStatic(): AstroIntegration {
  let staging: StagedPages | undefined;
  return {
    name: 'cinecat:precompress-static',
    hooks: {
      'astro:config:done': ({ config }) => {
        staging = new StagedPages(fileURLToPath(new URL(`${STAGING_DIR}/`, config.outDir)));
      },
      'astro:build:start': () => registerPrerenderCompressor(staging),
      'astro:build:done': async ({ dir, logger }) => {
        registerPrerenderCompressor(undefined);
        const started = Date.now();
        await staging?.settle();
        try {
          const count = await precompressDirectory(fileURLToPath(dir), staging);
          logger.info(`Precompressed ${count} files in ${Date.now() - started} ms (${staging?.size ?? 0} pages while prerendering)`);
        } finally {
          await staging?.remove();
        }
      },
    },
  };
}

function contentHash(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('base64url');
}

/** Brotli variants of prerendered pages, compressed as they are rendered and kept by content hash until the build is done. */
export class StagedPages implements PrerenderCompressor {
  private readonly variants = new Map<string, string>();
  private readonly running = new Set<Promise<void>>();
  private created: Promise<unknown> | undefined;

  constructor(private readonly dir: string) {}

  get size(): number {
    return this.variants.size;
  }

  async add(body: Uint8Array): Promise<void> {
    if (body.length < MIN_COMPRESSIBLE_BYTES) return;
    const job = this.stage(contentHash(body), body).finally(() => this.running.delete(job));
    this.running.add(job);
    if (this.running.size >= STAGING_CONCURRENCY) await Promise.race(this.running);
  }

  /** The staged variant of a file with this content, if any. */
  variantOf(content: Uint8Array): string | undefined {
    return this.variants.get(contentHash(content));
  }

  async settle(): Promise<void> {
    await Promise.all(this.running);
  }

  async remove(): Promise<void> {
    this.variants.clear();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async stage(hash: string, body: Uint8Array): Promise<void> {
    try {
      this.created ??= mkdir(this.dir, { recursive: true });
      await this.created;
      const encoded = await brotli(body, brotliOptions('page', body.length));
      // A variant that saves nothing is left out (the build-done step then finds it is not worth writing either).
      if (encoded.length >= body.length) return;
      const file = join(this.dir, `${hash}.br`);
      await writeFile(file, encoded);
      this.variants.set(hash, file);
    } catch {
      // Not staged: the build-done step compresses the file itself.
    }
  }
}

/** Writes the variants for every compressible file under `root`; returns how many files got them. */
export async function precompressDirectory(root: string, staged?: StagedPages): Promise<number> {
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && compressibleFileType(entry.name) !== undefined)
    .map((entry) => join(entry.parentPath, entry.name));
  let next = 0;
  let count = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      if (await precompressFile(file, strengthOf(relative(root, file)), staged)) count++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return count;
}

function strengthOf(relativePath: string): FileStrength {
  return relativePath.startsWith(`_astro${sep}`) ? 'asset' : 'page';
}

async function precompressFile(file: string, strength: FileStrength, staged?: StagedPages): Promise<boolean> {
  const content = await readFile(file);
  if (content.length < MIN_COMPRESSIBLE_BYTES) return false;
  const variant = strength === 'page' ? staged?.variantOf(content) : undefined;
  if (variant) {
    await rm(file + ENCODED_SUFFIX.br, { force: true });
    await link(variant, file + ENCODED_SUFFIX.br);
    return true;
  }
  const variants: [Encoding, Promise<Buffer>][] = [['br', brotli(content, brotliOptions(strength, content.length))]];
  if (strength === 'asset') variants.push(['gzip', gzipAsync(content, gzipOptions(strength))]);
  await Promise.all(variants.map(async ([encoding, compressing]) => {
    const encoded = await compressing;
    // A variant that saves nothing is left out; the server then sends the file as it is.
    if (encoded.length < content.length) await writeFile(file + ENCODED_SUFFIX[encoding], encoded);
  }));
  return true;
}
