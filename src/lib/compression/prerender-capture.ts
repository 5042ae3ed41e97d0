/**
 * The middleware half of build-time precompression: while `astro build` prerenders, each page's body is handed to
 * the compressor that src/lib/compression/precompress.ts registers for the build, which compresses it on zlib's
 * threads, beside the single thread that renders pages. The bytes are the ones Astro writes to the page's file.
 * The compressor lives in the build's own module graph and the middleware in the prerender bundle, so they meet
 * on a global; outside a Node build (dev, Netlify, the server) none is registered and this does nothing.
 */
import type { MiddlewareHandler } from 'astro';
import { isCompressibleType } from './encodings.ts';

const COMPRESSOR = Symbol.for('cinecat.prerender-compressor');

export interface PrerenderCompressor {
  /** Starts compressing a prerendered body; resolves when the compressor can take another. */
  add(body: Uint8Array): Promise<void>;
}

export function registerPrerenderCompressor(compressor: PrerenderCompressor | undefined): void {
  (globalThis as Record<symbol, unknown>)[COMPRESSOR] = compressor;
}

function prerenderCompressor(): PrerenderCompressor | undefined {
  return (globalThis as Record<symbol, PrerenderCompressor | undefined>)[COMPRESSOR];
}

export const capturePrerendered: MiddlewareHandler = (context, next) => {
  const compressor = context.isPrerendered ? prerenderCompressor() : undefined;
  return compressor ? handOver(compressor, next) : next();
};

async function handOver(compressor: PrerenderCompressor, next: () => Promise<Response>): Promise<Response> {
  const response = await next();
  if (response.status !== 200 || !response.body || !isCompressibleType(response.headers.get('Content-Type') ?? undefined)) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  await compressor.add(body);
  return new Response(body, response);
}
