/**
 * The local server's static files in front of the on-demand handler (src/lib/http/static-files.ts), on a real
 * HTTP server over a directory laid out like a build's client directory.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStaticFiles } from '../../src/lib/http/static-files.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'cinecat-static-'));
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
  server = createServer(withStaticFiles((req, res) => {
    onDemand.push(`${req.method} ${req.url}`);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  }, clientDir));
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

/** The status of a GET with exactly these headers (fetch() would add its own to a conditional request). */
function statusOf(path: string, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    request(origin + path, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject).end();
  });
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

  it('refuses a URL that does not decode with a 400, before any handler', async () => {
    expect(await get('/movie/%E0%A4%A')).toMatchObject({ status: 400, body: 'Bad request.', onDemand: [] });
  });
});
