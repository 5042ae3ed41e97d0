/**
 * The Netlify stand-ins the purge tests and the Netlify smoke tier rely on behave as Netlify documents them
 * (tests/support/netlify-cdn.ts, tests/support/netlify-purge-api.ts), against a small origin whose answers each test
 * picks.
 */
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { purgeCache } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNetlifyCdn, type CdnStandIn } from '../support/netlify-cdn.ts';
import { startNetlifyPurgeApi, type PurgeApiStandIn } from '../support/netlify-purge-api.ts';

const SITE = 'stand-in-site';
const TOKEN = 'stand-in-token';

let origin: Server;
let cdn: CdnStandIn;
let api: PurgeApiStandIn;
/** The headers the origin answers each path with (its body is the path and a counter). */
const answers = new Map<string, OutgoingHttpHeaders>();
let served = 0;

beforeAll(async () => {
  origin = createServer((request, response) => {
    const path = new URL(request.url!, 'http://origin').pathname;
    response.writeHead(200, { 'content-type': 'text/plain', ...answers.get(path) }).end(`${path} #${++served}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  cdn = await startNetlifyCdn({ origin: `http://127.0.0.1:${(origin.address() as AddressInfo).port}` });
  api = await startNetlifyPurgeApi({ siteId: SITE, token: TOKEN, onPurge: (tags) => cdn.purge(tags) });
});

afterAll(async () => {
  await Promise.all([cdn.close(), api.close()]);
  origin.close();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${cdn.url}${path}`, { headers });
  return { status: response.headers.get('cache-status'), body: await response.text(), headers: response.headers };
};
const purge = (tags?: string[]) => purgeCache({ siteID: SITE, token: TOKEN, apiURL: api.url, ...(tags ? { tags } : {}) });

describe('the CDN stand-in', () => {
  it('keeps an answer for its Netlify-CDN-Cache-Control lifetime, keyed by the query parameters Netlify-Vary names', async () => {
    answers.set('/page', { 'netlify-cdn-cache-control': 'public, durable, max-age=60', 'netlify-vary': 'query=lang', 'netlify-cache-tag': 'a, b' });
    const first = await get('/page?lang=en&utm=1');
    expect(first.status).toBe('"Netlify Durable"; fwd=miss; stored=true, "Netlify Edge"; fwd=miss');
    expect([...first.headers.keys()].filter((name) => name.startsWith('netlify-'))).toEqual([]);
    expect(await get('/page?utm=2&lang=en')).toMatchObject({ status: '"Netlify Edge"; hit', body: first.body });
    expect((await get('/page?lang=fr')).status).toMatch(/fwd=miss$/);
  });

  it('keys by the whole query string without Netlify-Vary, and stores nothing private, uncached or setting a cookie', async () => {
    answers.set('/whole', { 'cdn-cache-control': 's-maxage=60', 'cache-control': 'public, max-age=0' });
    await get('/whole?a=1');
    expect((await get('/whole?a=1')).status).toBe('"Netlify Edge"; hit');
    expect((await get('/whole?a=2')).status).toMatch(/fwd=miss$/);
    for (const [path, headers] of Object.entries({
      '/private': { 'netlify-cdn-cache-control': 'private, max-age=60' },
      '/browser-only': { 'cache-control': 'public, max-age=0, must-revalidate' },
      '/cookie': { 'netlify-cdn-cache-control': 'public, max-age=60', 'set-cookie': 'session=1' },
    })) {
      answers.set(path, headers);
      await get(path);
      expect((await get(path)).status, path).toMatch(/fwd=miss$/);
    }
  });

  it('drops what carries a purged tag, or everything for a purge of the site', async () => {
    answers.set('/tagged', { 'netlify-cdn-cache-control': 'public, max-age=60', 'netlify-cache-tag': 'x,y' });
    answers.set('/other', { 'netlify-cdn-cache-control': 'public, max-age=60', 'netlify-cache-tag': 'z' });
    for (const path of ['/tagged', '/other']) await get(path);
    await purge(['y']);
    expect((await get('/tagged')).status).toBe('"Netlify Edge"; fwd=stale');
    expect((await get('/other')).status).toBe('"Netlify Edge"; hit');
    await purge();
    expect((await get('/other')).status).toBe('"Netlify Edge"; fwd=stale');
  });
});

describe('the purge API stand-in', () => {
  it('takes the token and the site, and refuses a third purge of a tag, or of the site, within 5 s', async () => {
    const fresh = await startNetlifyPurgeApi({ siteId: SITE, token: TOKEN });
    const purgeFresh = (tags?: string[], siteID = SITE, token = TOKEN) => purgeCache({ siteID, token, apiURL: fresh.url, ...(tags ? { tags } : {}) });
    try {
      await expect(purgeFresh(['t'], SITE, 'wrong')).rejects.toThrow(/401/);
      await expect(purgeFresh(['t'], 'another-site')).rejects.toThrow(/404/);
      await purgeFresh(['t', 'u']);
      await purgeFresh(['t']);
      await expect(purgeFresh(['u', 't'])).rejects.toThrow(/429/);
      await purgeFresh(['u']);
      await purgeFresh();
      await purgeFresh();
      await expect(purgeFresh()).rejects.toThrow(/429/);
      expect(fresh.calls.map((call) => [call.tags, call.status])).toEqual([
        [['t'], 401], [['t'], 404], [['t', 'u'], 202], [['t'], 202], [['u', 't'], 429], [['u'], 202], [null, 202], [null, 202], [null, 429],
      ]);
    } finally {
      await fresh.close();
    }
  });
});
