/**
 * The local server's static files in front of the on-demand handler (src/lib/http/static-files.ts), on a real
 * HTTP server over a directory laid out like a build's client directory, with the variants the build stores.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodableUrls, staticFiles } from '../../src/lib/http/static-files.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'cinecat-static-'));
const SCRIPT = Buffer.from('export const titles = ["The Harbor of Velholm"];\n'.repeat(200));
const onDemand: string[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  mkdirSync(join(clientDir, 'movie', 'dune', '1'), { recursive: true });
  mkdirSync(join(clientDir, '_astro'));
  mkdirSync(join(clientDir, '.well-known'));
  writeFileSync(join(clientDir, 'movie', 'dune', '1', 'index.html'), '<h1>Dune</h1>');
  writeFileSync(join(clientDir, '_astro', 'app.abc.js'), 'export {};');
  writeFileSync(join(clientDir, '.env'), 'SECRET=1');
  writeFileSync(join(clientDir, '.well-known', 'security.txt'), 'Contact: mailto:security@example.org');
  writeFileSync(join(clientDir, '_astro', 'big.abc.js'), SCRIPT);
  writeFileSync(join(clientDir, '_astro', 'big.abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(clientDir, '_astro', 'big.abc.js.gz'), gzipSync(SCRIPT));
  const files = staticFiles(clientDir);
  server = createServer((req, res) => decodableUrls(req, res, () => files(req, res, () => {
    onDemand.push(`${req.method} ${req.url}`);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(clientDir, { recursive: true, force: true });
});

async function get(path: string, init?: RequestInit) {
  onDemand.length = 0;
  const response = await fetch(origin + path, init);
  return { status: response.status, headers: response.headers, body: await response.text(), onDemand: [...onDemand] };
}

/** A GET with exactly these headers, its body as sent (fetch() would add its own headers and decode the body). */
function raw(path: string, headers: Record<string, string>): Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(origin + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

async function statusOf(path: string, headers: Record<string, string>): Promise<number | undefined> {
  return (await raw(path, headers)).status;
}

describe('static files before on-demand routes', () => {
  it('serves a page directory with and without a trailing slash, and HEAD and 304 as send does', async () => {
    for (const path of ['/movie/dune/1', '/movie/dune/1/', '/movie/dune/1/index.html']) {
      const page = await get(path);
      expect(page).toMatchObject({ status: 200, body: '<h1>Dune</h1>', onDemand: [] });
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('public, max-age=0');
    }
    const etag = (await get('/movie/dune/1')).headers.get('etag')!;
    expect(await statusOf('/movie/dune/1', { 'if-none-match': etag })).toBe(304);
    expect(await get('/movie/dune/1', { method: 'HEAD' })).toMatchObject({ status: 200, body: '' });
  });

  it('caches hashed assets for a year', async () => {
    const asset = await get('/_astro/app.abc.js');
    expect(asset).toMatchObject({ status: 200, body: 'export {};' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('hands /api/, other methods, missing files and dotfiles to the on-demand handler', async () => {
    expect(await get('/api/search?query=dune')).toMatchObject({ status: 404, onDemand: ['GET /api/search?query=dune'] });
    expect(await get('/movie/dune/1', { method: 'POST' })).toMatchObject({ status: 404, onDemand: ['POST /movie/dune/1'] });
    expect(await get('/movie/dune/2')).toMatchObject({ status: 404, body: '<h1>Not found</h1>', onDemand: ['GET /movie/dune/2'] });
    expect(await get('/.env')).toMatchObject({ status: 404, body: '<h1>Not found</h1>', onDemand: ['GET /.env'] });
    expect(await get('/movie/../.env')).toMatchObject({ status: 404, body: '<h1>Not found</h1>' });
    expect(await get('/.well-known/security.txt')).toMatchObject({ status: 200, body: 'Contact: mailto:security@example.org', onDemand: [] });
  });

  it('hands a path the file system cannot look up (a name too long) to the on-demand handler, and keeps serving', async () => {
    const tooLong = `/${'a'.repeat(300)}`;
    expect(await get(tooLong)).toMatchObject({ status: 404, body: '<h1>Not found</h1>', onDemand: [`GET ${tooLong}`] });
    expect(await get('/movie/dune/1')).toMatchObject({ status: 200, body: '<h1>Dune</h1>' });
  });

  it('hands a path that reaches a file by another name to the on-demand handler (a case-insensitive file system)', async () => {
    // What /MOVIE/dune/1 is on a case-insensitive file system: another name for the page's folder.
    symlinkSync('movie', join(clientDir, 'MOVIE'));
    try {
      expect(await get('/MOVIE/dune/1')).toMatchObject({ status: 404, body: '<h1>Not found</h1>', onDemand: ['GET /MOVIE/dune/1'] });
      expect(await get('/MOVIE/dune/1/index.html')).toMatchObject({ status: 404, onDemand: ['GET /MOVIE/dune/1/index.html'] });
      expect(await get('/movie/dune/1')).toMatchObject({ status: 200, body: '<h1>Dune</h1>', onDemand: [] });
    } finally {
      rmSync(join(clientDir, 'MOVIE'));
    }
  });

  it('refuses a URL that does not decode with a 400, before any handler', async () => {
    expect(await get('/movie/%E0%A4%A')).toMatchObject({ status: 400, body: 'Bad request.', onDemand: [] });
  });

  it('sends the stored variant the client accepts most, each with its own ETag, and the file as it is otherwise', async () => {
    const variants = new Map<string, string | undefined>();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br', 'br'], ['deflate', undefined], ['*', 'br'], ['', undefined],
      ['br;q=0, gzip', 'gzip'], ['br;q=0.5, gzip;q=0.8', 'gzip'], ['br;q=0, gzip;q=0', undefined], ['*;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await raw('/_astro/big.abc.js', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      variants.set(String(answer.headers.etag), encoding);
    }
    expect(new Set(variants.values())).toEqual(new Set(['br', 'gzip', undefined]));
    expect(variants.size, 'one ETag per encoding').toBe(3);
  });

  it('answers conditional and range requests on the variant it would send', async () => {
    const br = await raw('/_astro/big.abc.js', { 'accept-encoding': 'br' });
    const etag = String(br.headers.etag);
    expect(await statusOf('/_astro/big.abc.js', { 'accept-encoding': 'br', 'if-none-match': etag })).toBe(304);
    expect(await statusOf('/_astro/big.abc.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).toBe(200);
    const range = await raw('/_astro/big.abc.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${br.body.length}`);
    expect(range.body.equals(br.body.subarray(0, 10))).toBe(true);
  });
});

describe('a rebuild swapped in while a page is being answered', () => {
  // Laid out as rebuild/local-builder.ts leaves a served build: `client` is a symlink into `builds/`.
  const outDir = mkdtempSync(join(tmpdir(), 'cinecat-swap-'));
  const OLD_PAGE = `<h1>Dune</h1>${'<p>Old cast list</p>'.repeat(20_000)}`;
  const NEW_PAGE = '<h1>Dune</h1><p>Edited</p>';
  let swapServer: Server;
  let swapOrigin: string;
  /** Runs once, between the moment the answer's length is known and the moment its file is opened. */
  let duringAnswer: (() => void) | null = null;

  const build = (name: string, page: string) => {
    mkdirSync(join(outDir, 'builds', name, 'client', 'movie', 'dune', '1'), { recursive: true });
    writeFileSync(join(outDir, 'builds', name, 'client', 'movie', 'dune', '1', 'index.html'), page);
  };
  /** The swap's rename(2), synchronous so that it lands exactly where the test puts it. */
  const pointClientAt = (name: string) => {
    symlinkSync(join('builds', name, 'client'), join(outDir, 'client.next'));
    renameSync(join(outDir, 'client.next'), join(outDir, 'client'));
  };

  beforeAll(async () => {
    build('1', OLD_PAGE);
    build('2', NEW_PAGE);
    pointClientAt('1');
    const files = staticFiles(join(outDir, 'client'));
    swapServer = createServer((req, res) => {
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name, value) => {
        if (name.toLowerCase() === 'content-length' && duringAnswer) {
          duringAnswer();
          duringAnswer = null;
        }
        return setHeader(name, value);
      };
      files(req, res, () => res.writeHead(404).end());
    });
    await new Promise<void>((resolve) => swapServer.listen(0, '127.0.0.1', resolve));
    swapOrigin = `http://127.0.0.1:${(swapServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => swapServer.close(() => resolve()));
    rmSync(outDir, { recursive: true, force: true });
  });

  it('finishes the answer from the build it started in, whole, and the next request gets the new build', async () => {
    duringAnswer = () => pointClientAt('2');
    const during = await fetch(`${swapOrigin}/movie/dune/1`);
    expect(await during.text()).toBe(OLD_PAGE);
    expect(duringAnswer, 'the swap ran during the answer').toBeNull();
    expect(await (await fetch(`${swapOrigin}/movie/dune/1`)).text()).toBe(NEW_PAGE);
  });
});
