/**
 * The local Node server compresses what it sends (scripts/serve.ts): a prerendered page and a script from its
 * precompressed files, an API answer on the fly; brotli or gzip as the client accepts, identity otherwise.
 * Requests go through node:http, which, unlike fetch, hands back the bytes as sent.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.ts';

interface RawAnswer { status: number; encoding: string | undefined; vary: string; body: Buffer }

function get(url: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({
        status: res.statusCode ?? 0,
        encoding: res.headers['content-encoding'],
        vary: String(res.headers.vary ?? ''),
        body: Buffer.concat(chunks),
      }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): Buffer {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body);
  if (answer.encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

async function expectEncodings(url: string): Promise<Buffer> {
  const identity = await get(url);
  expect(identity.status).toBe(200);
  expect(identity.encoding).toBeUndefined();
  for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip']] as const) {
    const answer = await get(url, accept);
    expect(answer.status, `${url} with ${accept}`).toBe(200);
    expect(answer.encoding, `${url} with ${accept}`).toBe(encoding);
    expect(answer.vary).toMatch(/accept-encoding/i);
    expect(answer.body.length).toBeLessThan(identity.body.length);
    expect(decoded(answer).equals(identity.body), `${url} decodes to the identity body`).toBe(true);
  }
  return identity.body;
}

test('pages, scripts and API answers are sent compressed to clients that accept it, as they are otherwise', async ({ baseURL }) => {
  const html = (await expectEncodings(`${baseURL}/movies`)).toString('utf8');
  expect(html).toContain('<h1');
  expect(html).toContain('Movies');

  const script = /renderer-url="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'the page names its island renderer script').toBeDefined();
  const js = (await expectEncodings(`${baseURL}${script}`)).toString('utf8');
  expect(js.length).toBeGreaterThan(10_000);

  const answer = JSON.parse((await expectEncodings(`${baseURL}/api/catalog/browse?type=movie&page=1`)).toString('utf8')) as { items: unknown[] };
  expect(answer.items.length).toBeGreaterThan(0);
});
