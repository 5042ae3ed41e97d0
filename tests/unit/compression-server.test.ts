/**
 * The local server's compression of on-demand answers (src/lib/compression/node-server.ts), around a handler that
 * writes as Astro's Node adapter does (writeHead, then chunks, then end), on a real HTTP server.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompression } from '../../src/lib/compression/node-server.ts';
import type { NodeHandler } from '../../src/lib/http/static-files.ts';

/** A body of `bytes` that compresses well, written in `chunks` pieces. */
const bodyOf = (bytes: number) => Buffer.from('{"title":"The Harbor of Velholm"},'.repeat(Math.ceil(bytes / 34)).slice(0, bytes));

const handler: NodeHandler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://site');
  const body = bodyOf(Number(url.searchParams.get('bytes') ?? 0));
  const chunks = Number(url.searchParams.get('chunks') ?? 1);
  res.writeHead(Number(url.searchParams.get('status') ?? 200), { 'content-type': url.searchParams.get('type') ?? 'application/json' });
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
const clientDir = mkdtempSync(join(tmpdir(), 'cinecat-client-'));

beforeAll(async () => {
  server = createServer(withCompression(handler, clientDir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(clientDir, { recursive: true, force: true });
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

const decode = (encoding: string | undefined, bytes: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

describe('compressing on-demand answers', () => {
  it('sends a small answer as it is, with its length', async () => {
    const { headers, bytes } = await get('/?bytes=300&chunks=2');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['content-length']).toBe('300');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(bytes.equals(bodyOf(300))).toBe(true);
  });

  it.each([['br', 'br'], ['gzip', 'gzip'], ['gzip;q=0.5, br;q=0', 'gzip']])(
    'compresses an answer written in pieces in one go for %s, with its length', async (accept, expected) => {
      const { headers, bytes } = await get('/?bytes=20000&chunks=7', accept);
      expect(headers['content-encoding']).toBe(expected);
      expect(Number(headers['content-length'])).toBe(bytes.length);
      expect(bytes.length).toBeLessThan(2000);
      expect(decode(expected, bytes).equals(bodyOf(20000))).toBe(true);
    });

  it('takes text as well as bytes, in the encoding given with it', async () => {
    const { headers, bytes } = await get('/?bytes=20000&chunks=5&text=1');
    expect(headers['content-encoding']).toBe('br');
    expect(decode('br', bytes).equals(bodyOf(20000))).toBe(true);
  });

  it('streams a large answer through a compressor once it outgrows what is held', async () => {
    const { headers, bytes } = await get('/?bytes=3000000&chunks=40');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-length']).toBeUndefined();
    expect(decode('br', bytes).equals(bodyOf(3_000_000))).toBe(true);
  });

  it('hands a path the file system cannot look up (a name too long) to the handler, and keeps serving', async () => {
    const tooLong = await get(`/${'a'.repeat(300)}?bytes=3000`);
    expect(tooLong.status).toBe(200);
    expect(decode('br', tooLong.bytes).equals(bodyOf(3000))).toBe(true);
    expect((await get('/?bytes=10')).status).toBe(200);
  });

  it('leaves alone what it must not compress: images, HEAD, 304, and clients that accept no encoding', async () => {
    const image = await get('/?bytes=20000&type=image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.bytes.equals(bodyOf(20000))).toBe(true);
    const notModified = await get('/?status=304');
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    const head = await get('/?bytes=20000', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    const identity = await get('/?bytes=20000', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.bytes.equals(bodyOf(20000))).toBe(true);
  });
});
