/**
 * The local server's compression of on-demand answers (src/lib/http/compress-on-the-fly.ts), around a handler that
 * writes as Astro's Node adapter does (writeHead, then chunks, then end), on a real HTTP server.
 */
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressOnTheFly } from '../../src/lib/http/compress-on-the-fly.ts';

/** A body of `bytes` that compresses well, written in `chunks` pieces. */
const bodyOf = (bytes: number) => Buffer.from('{"title":"The Harbor of Velholm"},'.repeat(Math.ceil(bytes / 34)).slice(0, bytes));

const handler = (req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://site');
  const body = bodyOf(Number(url.searchParams.get('bytes') ?? 0));
  const chunks = Number(url.searchParams.get('chunks') ?? 1);
  res.writeHead(Number(url.searchParams.get('status') ?? 200), {
    'content-type': url.searchParams.get('type') ?? 'application/json',
    ...(url.searchParams.has('etag') ? { etag: '"v1"' } : {}),
    ...(url.searchParams.has('length') ? { 'content-length': body.length } : {}),
  });
  const size = Math.ceil(body.length / chunks);
  const asText = url.searchParams.has('text');
  const chunkAt = (at: number) => (asText ? body.subarray(at, at + size).toString('latin1') : body.subarray(at, at + size));
  for (let at = 0; at < body.length - size; at += size) res.write(chunkAt(at), 'latin1');
  // The last piece comes with end(), as send and some handlers do.
  if (body.length) res.end(chunkAt(Math.floor((body.length - 1) / size) * size), 'latin1');
  else res.end();
};

let server: Server;
let origin: string;

beforeAll(async () => {
  const compress = compressOnTheFly();
  server = createServer((req, res) => compress(req, res, () => handler(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The raw answer (fetch would decode it). */
function get(path: string, acceptEncoding = 'br, gzip', method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(origin + path, { method, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
const decode = (encoding: string | undefined, bytes: Buffer) => (encoding ? DECODERS[encoding]!(bytes) : bytes);

describe('compressing on-demand answers', () => {
  it('sends a small answer of known length as it is', async () => {
    const { headers, bytes } = await get('/?bytes=300&length=1');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers.vary).toBe('Accept-Encoding');
    expect(bytes.equals(bodyOf(300))).toBe(true);
  });

  it.each([['br', 'br'], ['gzip', 'gzip'], ['deflate', 'deflate'], ['gzip, deflate, br', 'br'], ['*', 'br'], ['gzip;q=0.5, br;q=0', 'gzip']])(
    'compresses an answer written in pieces for %s', async (accept, expected) => {
      const { headers, bytes } = await get('/?bytes=20000&chunks=7', accept);
      expect(headers['content-encoding']).toBe(expected);
      expect(headers.vary).toBe('Accept-Encoding');
      expect(bytes.length).toBeLessThan(2000);
      expect(decode(expected, bytes).equals(bodyOf(20000))).toBe(true);
    });

  it('takes text as well as bytes, in the encoding given with it', async () => {
    const { headers, bytes } = await get('/?bytes=20000&chunks=5&text=1');
    expect(headers['content-encoding']).toBe('br');
    expect(decode('br', bytes).equals(bodyOf(20000))).toBe(true);
  });

  it.each(['br', 'gzip'])('streams a large answer whole for %s', async (accept) => {
    const { headers, bytes } = await get('/?bytes=3000000&chunks=40', accept);
    expect(headers['content-encoding']).toBe(accept);
    expect(decode(accept, bytes).equals(bodyOf(3_000_000))).toBe(true);
  });

  it('leaves alone what it must not compress: images, answers with an ETag, HEAD, 304, and clients that accept no encoding', async () => {
    const image = await get('/?bytes=20000&type=image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.bytes.equals(bodyOf(20000))).toBe(true);
    const validated = await get('/?bytes=20000&etag=1');
    expect(validated.headers['content-encoding']).toBeUndefined();
    expect(validated.headers.etag).toBe('"v1"');
    expect(validated.bytes.equals(bodyOf(20000))).toBe(true);
    for (const status of [204, 206, 304]) {
      const bodiless = await get(`/?status=${status}`);
      expect(bodiless.status).toBe(status);
      expect(bodiless.headers['content-encoding'], String(status)).toBeUndefined();
    }
    const head = await get('/?bytes=20000', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    for (const accept of ['identity', 'br;q=0, gzip;q=0, deflate;q=0']) {
      const identity = await get('/?bytes=20000', accept);
      expect(identity.headers['content-encoding'], accept).toBeUndefined();
      expect(identity.bytes.equals(bodyOf(20000))).toBe(true);
    }
  });
});
