/**
 * HTTP conformance of the built Node server (scripts/serve.ts) over real HTTP: every Accept-Encoding a client
 * sends, on every kind of answer, by GET and HEAD, completes and decodes to exactly the identity bytes; conditional
 * and range requests behave as RFC 9110 says on each representation. Requests go through node:http, which, unlike
 * fetch, sends only the headers given and hands back the bytes as sent.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { browseTitles } from '../../src/lib/catalog/browse.ts';
import { createTestUser, sessionCookieHeader } from '../support/sessions.ts';
import { expect, test } from './support/fixtures.ts';

interface RawAnswer { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** A request that must complete: one that stalls fails the test instead of hanging it. */
function send(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} (${JSON.stringify(headers)}) did not complete in 20 s`)));
    req.on('error', reject);
    req.end();
  });
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  return encoding ? DECODERS[encoding]!(answer.body) : answer.body;
}

/** Accept-Encoding values, each with the content codings it leaves acceptable (none: identity only). */
const ENCODING_CASES: [string | undefined, string[]][] = [
  [undefined, []],
  ['identity', []],
  ['gzip', ['gzip']],
  ['br', ['br']],
  ['deflate', ['deflate']],
  ['*', ['br', 'gzip', 'deflate']],
  ['gzip, deflate, br, zstd', ['br', 'gzip', 'deflate']],
  ['br;q=0, gzip;q=0.8, deflate;q=0.5', ['gzip', 'deflate']],
  ['gzip;q=0, *', ['br', 'deflate']],
  ['br;q=0, gzip;q=0, deflate;q=0', []],
];

/** Header fields a HEAD answer carries as the GET answer does (Date and the connection's own aside). */
const REPRESENTATION_HEADERS = ['content-type', 'content-encoding', 'content-length', 'etag', 'last-modified', 'cache-control', 'vary'];

interface EncodingOptions {
  headers?: Record<string, string>;
  compressedOnTheFly?: boolean;
  /** What must be equal between two answers, for one that differs by a timestamp. */
  comparable?: (body: Buffer) => string;
}

async function expectEveryEncoding(url: string, options: EncodingOptions = {}): Promise<Buffer> {
  const comparable = options.comparable ?? ((body: Buffer) => body.toString('latin1'));
  const identity = await send(url, options.headers);
  expect(identity.status, url).toBe(200);
  expect(identity.headers['content-encoding']).toBeUndefined();
  const encodings = new Set<string>();
  for (const [accept, acceptable] of ENCODING_CASES) {
    const headers = { ...options.headers, ...(accept === undefined ? {} : { 'Accept-Encoding': accept }) };
    const label = `${url} with Accept-Encoding: ${accept ?? '(none)'}`;
    const answer = await send(url, headers);
    expect(answer.status, label).toBe(200);
    const encoding = answer.headers['content-encoding'];
    if (encoding) expect(acceptable, label).toContain(encoding);
    encodings.add(encoding ?? 'identity');
    expect(answer.headers.vary, label).toMatch(/accept-encoding/i);
    if (answer.headers['content-length'] !== undefined) expect(Number(answer.headers['content-length']), label).toBe(answer.body.length);
    expect(comparable(decoded(answer)) === comparable(identity.body), `${label} decodes to the identity bytes`).toBe(true);

    const head = await send(url, headers, 'HEAD');
    expect(head.status, `HEAD ${label}`).toBe(200);
    expect(head.body.length, `HEAD ${label}`).toBe(0);
    // expressjs/compression never compresses HEAD, so an answer compressed on the fly has its identity headers there.
    const expected = options.compressedOnTheFly && encoding ? identity : answer;
    for (const name of REPRESENTATION_HEADERS) expect(head.headers[name], `HEAD ${label}: ${name}`).toBe(expected.headers[name]);
  }
  expect(encodings.has('br'), `${url} is sent compressed to a client that accepts it`).toBe(true);
  return identity.body;
}

/** Conditional and range requests on the representation one Accept-Encoding selects. */
async function expectValidatorsAndRanges(url: string, acceptEncoding: string): Promise<string> {
  const label = `${url} with Accept-Encoding: ${acceptEncoding}`;
  const headers = { 'Accept-Encoding': acceptEncoding };
  const full = await send(url, headers);
  const etag = full.headers.etag!;
  const lastModified = full.headers['last-modified']!;
  expect(etag, label).toBeTruthy();
  expect(lastModified, label).toBeTruthy();
  const length = full.body.length;

  const notModified = await send(url, { ...headers, 'If-None-Match': etag });
  expect(notModified.status, `If-None-Match ${label}`).toBe(304);
  expect(notModified.body.length).toBe(0);
  expect(notModified.headers.etag).toBe(etag);
  expect(notModified.headers.vary).toMatch(/accept-encoding/i);
  expect((await send(url, { ...headers, 'If-None-Match': `"other", ${etag}` })).status, `If-None-Match list ${label}`).toBe(304);
  expect((await send(url, { ...headers, 'If-None-Match': '"other"' })).status, `If-None-Match stale ${label}`).toBe(200);
  expect((await send(url, { ...headers, 'If-Modified-Since': lastModified })).status, `If-Modified-Since ${label}`).toBe(304);
  const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
  expect((await send(url, { ...headers, 'If-Modified-Since': before })).status, `If-Modified-Since earlier ${label}`).toBe(200);
  // If-None-Match takes precedence over If-Modified-Since (RFC 9110 §13.2.2).
  expect((await send(url, { ...headers, 'If-None-Match': '"other"', 'If-Modified-Since': lastModified })).status).toBe(200);

  // Ranges count the bytes of the representation sent, encoded or not.
  const range = await send(url, { ...headers, Range: 'bytes=0-99' });
  expect(range.status, `Range ${label}`).toBe(206);
  expect(range.headers['content-range']).toBe(`bytes 0-99/${length}`);
  expect(range.headers['content-encoding']).toBe(full.headers['content-encoding']);
  expect(range.headers.etag).toBe(etag);
  expect(range.body.equals(full.body.subarray(0, 100))).toBe(true);
  const suffix = await send(url, { ...headers, Range: 'bytes=-50' });
  expect(suffix.status).toBe(206);
  expect(suffix.headers['content-range']).toBe(`bytes ${length - 50}-${length - 1}/${length}`);
  expect(suffix.body.equals(full.body.subarray(length - 50))).toBe(true);
  const pastTheEnd = await send(url, { ...headers, Range: `bytes=${length - 10}-${length + 1000}` });
  expect(pastTheEnd.status, 'a range past the end is cut to it').toBe(206);
  expect(pastTheEnd.body.equals(full.body.subarray(length - 10))).toBe(true);
  const unsatisfiable = await send(url, { ...headers, Range: `bytes=${length}-` });
  expect(unsatisfiable.status, `unsatisfiable Range ${label}`).toBe(416);
  expect(unsatisfiable.headers['content-range']).toBe(`bytes */${length}`);
  // If-Range: the range only while the representation is the one the client holds, else the whole of it.
  expect((await send(url, { ...headers, Range: 'bytes=0-99', 'If-Range': '"other"' })).status).toBe(200);
  expect((await send(url, { ...headers, Range: 'bytes=0-99', 'If-Range': lastModified })).status).toBe(206);
  expect((await send(url, { ...headers, Range: 'bytes=0-99', 'If-Range': before })).status).toBe(200);
  return etag;
}

test.describe('HTTP conformance of the built server', () => {
  test('a prerendered page, its hashed script, the sitemap and a large static file in every encoding, by GET and HEAD', async ({ baseURL }) => {
    test.setTimeout(180_000);
    const html = (await expectEveryEncoding(`${baseURL}/movies`)).toString('utf8');
    expect(html).toContain('Movies');
    const script = /renderer-url="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the page names its island renderer script').toBeDefined();
    expect((await expectEveryEncoding(`${baseURL}${script}`)).length).toBeGreaterThan(10_000);
    expect((await expectEveryEncoding(`${baseURL}/sitemap.xml`)).toString('utf8')).toContain('<urlset');

    // The catalogue seeded for e2e is small; a prerendered file over 256 KB with its brotli variant, as the build
    // writes one for a large catalogue's sitemap.
    const clientDir = join(process.env.E2E_WORK_DIR!, 'dist', 'client');
    const large = Buffer.from(Array.from({ length: 6000 }, (_, i) => `<url><loc>${baseURL}/movie/title-${i}/${900_000 + i}</loc></url>\n`).join(''));
    expect(large.length).toBeGreaterThan(256 * 1024);
    writeFileSync(join(clientDir, 'conformance-large.xml'), large);
    writeFileSync(join(clientDir, 'conformance-large.xml.br'), brotliCompressSync(large));
    try {
      expect((await expectEveryEncoding(`${baseURL}/conformance-large.xml`)).equals(large)).toBe(true);
    } finally {
      rmSync(join(clientDir, 'conformance-large.xml'), { force: true });
      rmSync(join(clientDir, 'conformance-large.xml.br'), { force: true });
    }
  });

  test('API answers, small and large, in every encoding, by GET and HEAD; a range request on them gets the whole answer', async ({ baseURL, db }) => {
    test.setTimeout(180_000);
    const browse = `${baseURL}/api/catalog/browse?type=movie&page=1`;
    // The answer comes from the server's in-memory catalogue, which an earlier test's change reloads in the background
    // on the next request: first wait until it answers what the database holds, so every answer below is one version.
    const current = (await browseTitles(db, { type: 'movie', sort: 'just-added' })).items.map((item) => item.tmdbId);
    await expect.poll(async () => ((await (await fetch(browse)).json()) as { items: { tmdbId: number }[] }).items.map((item) => item.tmdbId)).toEqual(current);
    const answer = JSON.parse((await expectEveryEncoding(browse, { compressedOnTheFly: true })).toString('utf8')) as { items: unknown[] };
    expect(answer.items.length).toBeGreaterThan(0);

    const admin = await createTestUser(db, { role: 'admin' });
    const cookie = await sessionCookieHeader(db, admin.id, { secret: process.env.E2E_AUTH_SECRET!, secure: false });
    const backup = await expectEveryEncoding(`${baseURL}/api/admin/backup`, {
      headers: { Cookie: cookie },
      compressedOnTheFly: true,
      comparable: (body) => body.toString('utf8').replace(/"created_at":"[^"]*"/, ''),
    });
    expect(backup.length, 'the backup is a large answer').toBeGreaterThan(256 * 1024);
    expect(JSON.parse(backup.toString('utf8'))).toHaveProperty('tables');

    const ranged = await send(browse, { 'Accept-Encoding': 'gzip', Range: 'bytes=0-9' });
    expect(ranged.status).toBe(200);
    expect(ranged.headers['content-range']).toBeUndefined();
    expect(JSON.parse(decoded(ranged).toString('utf8'))).toEqual(answer);
  });

  test('conditional and range requests on static files, for each representation, with one ETag per encoding', async ({ baseURL }) => {
    test.setTimeout(120_000);
    const html = (await send(`${baseURL}/movies`)).body.toString('utf8');
    const script = /renderer-url="(\/_astro\/[^"]+\.js)"/.exec(html)![1]!;
    for (const path of ['/movies', '/sitemap.xml', script]) {
      const etags = new Map<string, string>();
      for (const accept of ['identity', 'br', 'gzip']) {
        const etag = await expectValidatorsAndRanges(`${baseURL}${path}`, accept);
        const encoding = (await send(`${baseURL}${path}`, { 'Accept-Encoding': accept })).headers['content-encoding'] ?? 'identity';
        etags.set(encoding, etag);
      }
      // Pages and the sitemap are stored as brotli only (a gzip-only client gets them as they are); scripts in both.
      expect([...etags.keys()].sort(), path).toEqual(path === script ? ['br', 'gzip', 'identity'] : ['br', 'identity']);
      expect(new Set(etags.values()).size, `${path}: one ETag per encoding`).toBe(etags.size);
    }
  });
});
