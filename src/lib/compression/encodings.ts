/**
 * What the build precompresses for the local Node server and how: the content types worth compressing and the
 * encoders' strength. Shared by the build step that writes `.br` (and for assets `.gz`) files and the server's
 * static files, which send the variant a client accepts (src/lib/http/static-files.ts).
 */
import { extname } from 'node:path';
import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';

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

/**
 * Compression strength by use: `asset` for the few hashed files every visitor fetches (written once, strongest),
 * `page` for the thousands of prerendered pages (compressed beside the renderer during the build, where every
 * millisecond competes with rendering: brotli 3 takes half the time of 4 for ~5 % larger pages, and cut the
 * 41,000-page build by ~15 s; 11 would add minutes).
 */
export type Strength = 'asset' | 'page';

const BROTLI_QUALITY: Record<Strength, number> = { asset: constants.BROTLI_MAX_QUALITY, page: 3 };
// Pages are precompressed as brotli only (src/lib/compression/precompress.ts), so only assets are gzipped.
const GZIP_LEVEL: Record<Exclude<Strength, 'page'>, number> = { asset: constants.Z_BEST_COMPRESSION };

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

