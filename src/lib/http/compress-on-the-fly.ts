/**
 * On-the-fly compression for the local Node server (scripts/serve.ts): expressjs/compression, brotli, gzip or
 * deflate as the client's Accept-Encoding prefers (q-values honoured), with `Vary: Accept-Encoding`. Static files
 * are sent as a variant the build stored, or as they are (static-files.ts), and are left alone here:
 * an answer with an ETag keeps the bytes that validator names, so conditional and range requests stay exact.
 * The library can skip a small answer only by its Content-Length (respond.ts sets it on JSON).
 */
import compression from 'compression';
import type { Middleware } from './static-files.ts';

/** No content, a part of the identity bytes, not modified: nothing here to compress. */
const BODILESS_STATUSES = new Set([204, 206, 304]);

export function compressOnTheFly(): Middleware {
  const compress = compression({
    filter: (req, res) => !BODILESS_STATUSES.has(res.statusCode) && !res.hasHeader('ETag') && compression.filter(req, res),
  });
  // Typed for Express, it reads and patches only what Node's own request and response have.
  return compress as unknown as Middleware;
}
