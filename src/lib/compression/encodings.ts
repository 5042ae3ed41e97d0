/**
 * What the local Node server compresses and how: the content types worth compressing, the client's choice
 * of encoding, and the encoders (brotli preferred, gzip otherwise). Shared by the build step that writes
 * `.br` (and for assets `.gz`) files and the server that picks them or compresses on the fly.
 */
import { extname } from 'node:path';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Transform } from 'node:stream';

export type Encoding = 'br' | 'gzip';

/** File suffix of each precompressed variant, in order of preference. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
export const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Below this size the encoding overhead is not worth it. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** Content types of the files the build precompresses, by extension (also what the server serves them as). */
export const COMPRESSIBLE_FILE_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function compressibleFileType(path: string): string | undefined {
  return COMPRESSIBLE_FILE_TYPES[extname(path).toLowerCase()];
}

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json|[a-z.+-]*\+(json|xml))|image\/svg\+xml)/i;

export function isCompressibleType(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE_TYPE.test(contentType);
}

/** The encoding to answer with for an Accept-Encoding header (brotli, then gzip; q=0 refuses), or null for identity. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return ENCODINGS.find((encoding) => (accepted.get(encoding) ?? wildcard ?? 0) > 0) ?? null;
}

/**
 * Compression strength by use: `asset` for the few hashed files every visitor fetches (written once, strongest),
 * `page` for the thousands of prerendered pages (compressed beside the renderer during the build, where every
 * millisecond competes with rendering: brotli 3 takes half the time of 4 for ~5 % larger pages, and cut the
 * 41,000-page build by ~15 s; 11 would add minutes), `stream` for answers compressed on the fly (fast, to keep
 * latency low).
 */
export type Strength = 'asset' | 'page' | 'stream';

const BROTLI_QUALITY: Record<Strength, number> = { asset: constants.BROTLI_MAX_QUALITY, page: 3, stream: 4 };
// Pages are precompressed as brotli only (src/lib/compression/precompress.ts), so only assets and streams are gzipped.
const GZIP_LEVEL: Record<Exclude<Strength, 'page'>, number> = { asset: constants.Z_BEST_COMPRESSION, stream: 6 };

export function brotliOptions(strength: Strength, sizeHint?: number): BrotliOptions {
  const params: NonNullable<BrotliOptions['params']> = {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[strength],
  };
  if (sizeHint !== undefined) params[constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return { params };
}

export function gzipOptions(strength: Exclude<Strength, 'page'>): ZlibOptions {
  return { level: GZIP_LEVEL[strength] };
}

/** A compressing stream for an answer written on the fly. */
export function createStreamEncoder(encoding: Encoding): Transform {
  return encoding === 'br' ? createBrotliCompress(brotliOptions('stream')) : createGzip(gzipOptions('stream'));
}

/** A whole answer compressed at once, for the stream strength: cheaper than a stream for a body held in memory. */
export function encodeWhole(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions('stream', body.length)) : gzipSync(body, gzipOptions('stream'));
}
