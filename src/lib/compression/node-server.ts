/**
 * Compressed responses for the local Node server, wrapped around its static files and on-demand handler
 * (src/lib/http/static-files.ts; neither compresses anything):
 * - a static file with a precompressed variant (src/lib/compression/precompress.ts) the client accepts is sent
 *   as that variant;
 * - anything else the handler answers with a compressible type is compressed on the fly.
 * Every answer that could be encoded says `Vary: Accept-Encoding`; a client that accepts no encoding gets identity.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import {
  compressibleFileType, createStreamEncoder, ENCODED_SUFFIX, encodeWhole, isCompressibleType, MIN_COMPRESSIBLE_BYTES,
  negotiateEncoding, type Encoding,
} from './encodings.ts';
import { entryAt, IMMUTABLE_CACHE_CONTROL, IMMUTABLE_PREFIX, staticFileOf, staticRequestOf, type NodeHandler } from '../http/static-files.ts';

/** The most of an answer held in memory to compress it in one piece; a larger one is streamed. */
const HELD_BODY_LIMIT = 256 * 1024;

export function withCompression(handler: NodeHandler, clientDir: string): NodeHandler {
  return (req, res) => {
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) {
      varyOnEncoding(res);
      handler(req, res);
      return;
    }
    if (sendPrecompressed(req, res, clientDir, encoding)) return;
    compressOnTheFly(req, res, encoding);
    handler(req, res);
  };
}

function sendPrecompressed(req: IncomingMessage, res: ServerResponse, clientDir: string, encoding: Encoding): boolean {
  const request = staticRequestOf(req);
  if (!request) return false;
  const file = staticFileOf(request, clientDir);
  const type = file && compressibleFileType(file);
  if (!file || !type) return false;
  const variant = file + ENCODED_SUFFIX[encoding];
  const found = entryAt(variant);
  if (!found?.isFile()) return false;

  const etag = `W/"${found.size.toString(16)}-${found.mtime.getTime().toString(16)}-${encoding}"`;
  const headers: OutgoingHttpHeaders = {
    'Content-Type': type,
    'Content-Encoding': encoding,
    Vary: 'Accept-Encoding',
    ETag: etag,
    'Last-Modified': found.mtime.toUTCString(),
    'Cache-Control': request.path.startsWith(IMMUTABLE_PREFIX) ? IMMUTABLE_CACHE_CONTROL : 'public, max-age=0',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  res.writeHead(200, { ...headers, 'Content-Length': found.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(variant).on('error', () => res.destroy()).pipe(res);
  return true;
}

function varyOnEncoding(res: ServerResponse): void {
  const vary = res.getHeader('Vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) res.setHeader('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

function shouldCompress(req: IncomingMessage, res: ServerResponse): boolean {
  const length = Number(res.getHeader('Content-Length') ?? Number.NaN);
  return req.method !== 'HEAD'
    && res.statusCode >= 200 && res.statusCode !== 204 && res.statusCode !== 206 && res.statusCode !== 304
    && res.getHeader('Content-Encoding') === undefined
    && isCompressibleType(res.getHeader('Content-Type')?.toString())
    && !/no-transform/i.test(res.getHeader('Cache-Control')?.toString() ?? '')
    && !(length < MIN_COMPRESSIBLE_BYTES);
}

type WriteCallback = (error?: Error | null) => void;

/** A chunk given to write() or end(): bytes, or a string in the encoding given beside it (UTF-8 by default). */
function bytesOf(chunk: unknown, encoding: unknown): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding as BufferEncoding : 'utf8') : chunk as Uint8Array;
}

/**
 * An answer the handler writes to `res` with a compressible type is held back until its end, then sent compressed
 * in one piece (or as it is, under MIN_COMPRESSIBLE_BYTES), with its Content-Length; one that grows past
 * HELD_BODY_LIMIT is streamed through a compressor from then on. Most on-demand answers are a few kilobytes of
 * JSON, for which a compressing stream costs more than the answer itself.
 */
function compressOnTheFly(req: IncomingMessage, res: ServerResponse, encoding: Encoding): void {
  const rawWriteHead = res.writeHead.bind(res);
  const rawWrite = res.write.bind(res) as (chunk: unknown, callback?: WriteCallback) => boolean;
  const rawEnd = res.end.bind(res) as (chunk?: unknown, callback?: () => void) => ServerResponse;
  let headWritten = false;
  /** The body so far while the decision waits; null once it is made. */
  let held: Buffer[] | null = null;
  let heldBytes = 0;
  let encoder: Transform | null = null;

  const stream = () => {
    res.setHeader('Content-Encoding', encoding);
    res.removeHeader('Content-Length');
    const compressor = (encoder = createStreamEncoder(encoding));
    compressor.on('data', (chunk: Buffer) => { if (!rawWrite(chunk)) compressor.pause(); });
    compressor.on('end', () => rawEnd());
    compressor.on('error', (error) => res.destroy(error));
    res.on('drain', () => compressor.resume());
    res.on('close', () => compressor.destroy());
    rawWriteHead(res.statusCode);
    for (const chunk of held ?? []) compressor.write(chunk);
    held = null;
  };

  const hold = (data: Uint8Array) => {
    held!.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    heldBytes += data.byteLength;
  };

  const sendHeld = (done?: () => void) => {
    const body = Buffer.concat(held ?? [], heldBytes);
    held = null;
    const sent = body.length < MIN_COMPRESSIBLE_BYTES ? body : encodeWhole(encoding, body);
    if (sent !== body) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', sent.length);
    rawWriteHead(res.statusCode);
    return rawEnd(sent, done);
  };

  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const headers = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as OutgoingHttpHeaders | undefined;
    if (typeof rest[0] === 'string') res.statusMessage = rest[0];
    res.statusCode = statusCode;
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
    varyOnEncoding(res);
    headWritten = true;
    if (shouldCompress(req, res)) {
      held = [];
      return res;
    }
    return rawWriteHead(statusCode);
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, encodingOrCallback?: BufferEncoding | WriteCallback, callback?: WriteCallback) => {
    if (!headWritten) res.writeHead(res.statusCode);
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    const data = bytesOf(chunk, encodingOrCallback);
    if (held) {
      hold(data);
      if (heldBytes > HELD_BODY_LIMIT) stream();
      if (done) process.nextTick(done);
      return true;
    }
    return encoder ? encoder.write(data, done) : rawWrite(data, done);
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, encodingOrCallback?: BufferEncoding | (() => void), callback?: () => void) => {
    const done = typeof chunk === 'function' ? chunk as () => void : typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    const data = typeof chunk === 'function' || chunk === undefined || chunk === null ? undefined : bytesOf(chunk, encodingOrCallback);
    if (!headWritten) res.writeHead(res.statusCode);
    if (held) {
      if (data) hold(data);
      return sendHeld(done);
    }
    if (!encoder) return rawEnd(data, done);
    if (done) res.once('finish', done);
    if (data) encoder.end(data);
    else encoder.end();
    return res;
  }) as ServerResponse['end'];
}
