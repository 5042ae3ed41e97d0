/**
 * Netlify's CDN cache and purges are tested against this local stand-in (purged by tests/support/netlify-purge-api.ts).
 *
 * A local stand-in for Netlify's CDN: a caching reverse proxy in front of `netlify serve --offline`, which does not
 * emulate the CDN cache. It follows Netlify's documented behaviour (docs.netlify.com, "Caching"; the Cache-Status
 * values of Netlify's blog and @netlify/cache):
 *
 * - Only GET answers are stored, and only with a shared-cache lifetime: the first of Netlify-CDN-Cache-Control,
 *   CDN-Cache-Control and Cache-Control present decides; `s-maxage` over `max-age`; nothing with `private`,
 *   `no-store`, `no-cache` or no positive lifetime. `public` is not required (Netlify's own @netlify/cache helper
 *   omits it); `durable` only changes Cache-Status here (one cache plays the edge and the durable cache).
 * - The key is the path with the whole query string, unless `Netlify-Vary` names `query=a|b` (those parameters only)
 *   or `query` (all); `header=` and `cookie=` add those request values, as does the standard `Vary` (`*`: not stored).
 *   Accept-Encoding is not part of the key: like Netlify, the stand-in asks the origin for identity and compresses
 *   nothing. `language=` and `country=` are not emulated: such an answer is not stored (the site sends neither).
 * - `Netlify-Cache-Tag` and `Cache-Tag` (comma-separated) tag what is stored; `purge(tags)` invalidates every entry
 *   with one of the tags, `purge(null)` the whole site (the purge API stand-in calls it). An invalidated or expired
 *   entry is fetched again: `fwd=stale`. stale-while-revalidate is not emulated (the site sends none).
 * - Netlify-CDN-Cache-Control, Netlify-Cache-Tag, Netlify-Vary and Netlify-Cache-ID are stripped from what it sends.
 * - Cache-Status: `"Netlify Edge"; hit` (with Age) from the cache, `"Netlify Edge"; fwd=miss` or `fwd=stale` from the
 *   origin, preceded by `"Netlify Durable"; fwd=miss; stored=true` when a durable answer was stored.
 * - On a miss it asks the origin without the visitor's conditional headers, so what it stores is whole; it answers
 *   If-None-Match itself, from the stored ETag. Statuses stored: RFC 9111's cacheable-by-default ones (200, 301,
 *   404, 410...); 5xx never.
 * - A render that began before a purge and ends after it is stored, as on any CDN: that race is what the purger's
 *   second purge covers.
 *
 * It records every request it answered and every request that reached the origin, for tests to count.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'uncached' | 'passed';

export interface CdnRequest { at: number; method: string; url: string; status: number; outcome: CacheOutcome }
export interface OriginRequest { at: number; method: string; url: string }

export interface CdnStandIn {
  url: string;
  /** Every request answered, with how (hit, miss...). */
  requests: CdnRequest[];
  /** Every request that reached the origin. */
  originRequests: OriginRequest[];
  /** Invalidates the entries carrying one of `tags`, or every entry (null). */
  purge(tags: string[] | null): void;
  close(): Promise<void>;
}

interface VarySpec {
  /** 'all': the whole query string; otherwise the named parameters. */
  query: 'all' | string[];
  headers: string[];
  cookies: string[];
}

interface Entry {
  spec: VarySpec;
  key: string;
  status: number;
  /** As the origin sent them, less the CDN's own and hop-by-hop headers. */
  rawHeaders: string[];
  body: Buffer;
  etag: string | undefined;
  tags: Set<string>;
  storedAt: number;
  expiresAt: number;
  invalidated: boolean;
}

const CDN_ONLY_HEADERS = new Set(['netlify-cdn-cache-control', 'netlify-cache-tag', 'netlify-vary', 'netlify-cache-id']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
/** RFC 9111 section 4.2.2 (heuristically cacheable), the statuses a shared cache may store with a lifetime. */
const STORABLE_STATUSES = new Set([200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]);
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range'];

export async function startNetlifyCdn(options: { origin: string }): Promise<CdnStandIn> {
  const origin = new URL(options.origin);
  const requests: CdnRequest[] = [];
  const originRequests: OriginRequest[] = [];
  const entries = new Map<string, Entry[]>();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`CDN stand-in: ${(error as Error).message}`);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = Date.now();
    const url = new URL(request.url ?? '/', 'http://cdn');
    const method = request.method ?? 'GET';
    const record = (status: number, outcome: CacheOutcome) => requests.push({ at, method, url: request.url ?? '/', status, outcome });
    const candidates = entries.get(url.pathname) ?? [];
    const match = method === 'GET' || method === 'HEAD' ? candidates.find((entry) => entry.key === keyOf(request, url, entry.spec)) : undefined;
    if (match && !match.invalidated && match.expiresAt > at) {
      sendEntry(request, response, match, `"Netlify Edge"; hit`, String(Math.floor((at - match.storedAt) / 1000)));
      record(match.status, 'hit');
      return;
    }
    originRequests.push({ at, method, url: request.url ?? '/' });
    // Only a GET fills the cache; anything else goes to the origin and back as it is.
    if (method !== 'GET') {
      await passThrough(request, response, origin);
      record(response.statusCode, 'passed');
      return;
    }
    const fetched = await fetchFromOrigin(request, origin);
    const policy = storagePolicy(fetched);
    const forward = match ? 'stale' : 'miss';
    if (match) entries.set(url.pathname, (entries.get(url.pathname) ?? []).filter((entry) => entry !== match));
    if (!policy) {
      sendEntry(request, response, { ...fetched, etag: undefined }, `"Netlify Edge"; fwd=${forward}`);
      record(fetched.status, 'uncached');
      return;
    }
    const entry: Entry = {
      ...fetched, spec: policy.spec, key: keyOf(request, url, policy.spec), etag: header(fetched.rawHeaders, 'etag'), tags: policy.tags,
      storedAt: Date.now(), expiresAt: Date.now() + policy.lifetimeS * 1000, invalidated: false,
    };
    const others = (entries.get(url.pathname) ?? []).filter((old) => !(old.key === entry.key && sameSpec(old.spec, entry.spec)));
    entries.set(url.pathname, [...others, entry]);
    const status = policy.durable ? `"Netlify Durable"; fwd=${forward}; stored=true, "Netlify Edge"; fwd=${forward}` : `"Netlify Edge"; fwd=${forward}`;
    sendEntry(request, response, entry, status);
    record(entry.status, forward);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    originRequests,
    purge(tags) {
      const wanted = tags && new Set(tags);
      for (const list of entries.values()) {
        for (const entry of list) if (!wanted || [...entry.tags].some((tag) => wanted.has(tag))) entry.invalidated = true;
      }
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** What the origin answered, whole, without the headers a hop or the CDN keeps to itself. */
interface Fetched { status: number; rawHeaders: string[]; cdnHeaders: Map<string, string>; body: Buffer }

function fetchFromOrigin(request: IncomingMessage, origin: URL): Promise<Fetched> {
  const headers = forwardedHeaders(request.headers);
  for (const name of CONDITIONAL_HEADERS) delete headers[name];
  headers['accept-encoding'] = 'identity';
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: origin.hostname, port: origin.port, method: request.method, path: request.url, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const cdnHeaders = new Map<string, string>();
        const rawHeaders: string[] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) {
          const name = answer.rawHeaders[i]!;
          const value = answer.rawHeaders[i + 1]!;
          const lower = name.toLowerCase();
          if (CDN_ONLY_HEADERS.has(lower) || lower === 'cdn-cache-control' || lower === 'cache-tag') {
            cdnHeaders.set(lower, cdnHeaders.has(lower) ? `${cdnHeaders.get(lower)}, ${value}` : value);
          }
          if (CDN_ONLY_HEADERS.has(lower) || HOP_BY_HOP.has(lower) || lower === 'content-length') continue;
          rawHeaders.push(name, value);
        }
        resolve({ status: answer.statusCode ?? 502, rawHeaders, cdnHeaders, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on('error', reject);
    request.pipe(outgoing);
  });
}

/** Methods other than GET and HEAD go to the origin and back as they are, less the CDN's own headers. */
function passThrough(request: IncomingMessage, response: ServerResponse, origin: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({
      host: origin.hostname, port: origin.port, method: request.method, path: request.url, headers: forwardedHeaders(request.headers),
    }, (answer) => {
      const rawHeaders: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const lower = answer.rawHeaders[i]!.toLowerCase();
        if (!CDN_ONLY_HEADERS.has(lower) && !HOP_BY_HOP.has(lower)) rawHeaders.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
      }
      response.writeHead(answer.statusCode ?? 502, [...rawHeaders, 'Cache-Status', '"Netlify Edge"; fwd=miss']);
      answer.pipe(response);
      answer.on('end', resolve);
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    request.pipe(outgoing);
  });
}

function forwardedHeaders(incoming: IncomingHttpHeaders): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  return headers;
}

/** Whether and how long the answer may be stored, under which key and tags; null: not at all. */
function storagePolicy(fetched: Fetched): { lifetimeS: number; durable: boolean; spec: VarySpec; tags: Set<string> } | null {
  if (!STORABLE_STATUSES.has(fetched.status) || header(fetched.rawHeaders, 'set-cookie') !== undefined) return null;
  const control = fetched.cdnHeaders.get('netlify-cdn-cache-control') ?? fetched.cdnHeaders.get('cdn-cache-control')
    ?? header(fetched.rawHeaders, 'cache-control');
  if (!control) return null;
  const directives = new Map(control.split(',').map((part) => {
    const [name, value] = part.trim().split('=');
    return [name!.toLowerCase(), value?.replace(/"/g, '')] as const;
  }));
  if (['private', 'no-store', 'no-cache'].some((name) => directives.has(name))) return null;
  const lifetimeS = Number(directives.get('s-maxage') ?? directives.get('max-age') ?? 0);
  if (!(lifetimeS > 0)) return null;
  const spec = varySpec(fetched.cdnHeaders.get('netlify-vary'), header(fetched.rawHeaders, 'vary'));
  if (!spec) return null;
  const tags = [fetched.cdnHeaders.get('netlify-cache-tag'), fetched.cdnHeaders.get('cache-tag')]
    .flatMap((value) => value?.split(',') ?? []).map((tag) => tag.trim()).filter(Boolean);
  return { lifetimeS, durable: directives.has('durable'), spec, tags: new Set(tags) };
}

/** The parts of a request an answer's key takes, from Netlify-Vary and Vary; null when not emulated. */
function varySpec(netlifyVary: string | undefined, vary: string | undefined): VarySpec | null {
  const spec: VarySpec = { query: 'all', headers: [], cookies: [] };
  for (const part of (netlifyVary ?? '').split(',').map((item) => item.trim()).filter(Boolean)) {
    const [kind, list] = part.split('=') as [string, string | undefined];
    const names = list?.split('|').map((name) => name.trim()).filter(Boolean) ?? [];
    if (kind === 'query') spec.query = list === undefined ? 'all' : names;
    else if (kind === 'header') spec.headers.push(...names.map((name) => name.toLowerCase()));
    else if (kind === 'cookie') spec.cookies.push(...names);
    else return null;
  }
  for (const name of (vary ?? '').split(',').map((item) => item.trim().toLowerCase()).filter(Boolean)) {
    if (name === '*') return null;
    if (name !== 'accept-encoding') spec.headers.push(name);
  }
  return spec;
}

function keyOf(request: IncomingMessage, url: URL, spec: VarySpec): string {
  const query = spec.query === 'all' ? url.search : spec.query.map((name) => `${name}=${url.searchParams.getAll(name).join(',')}`).join('&');
  const cookies = new Map((request.headers.cookie ?? '').split(';').map((pair) => {
    const [name, ...value] = pair.trim().split('=');
    return [name!, value.join('=')] as const;
  }));
  return JSON.stringify([query, spec.headers.map((name) => request.headers[name] ?? null), spec.cookies.map((name) => cookies.get(name) ?? null)]);
}

const sameSpec = (a: VarySpec, b: VarySpec) => JSON.stringify(a) === JSON.stringify(b);

function header(rawHeaders: string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1];
  return undefined;
}

function sendEntry(request: IncomingMessage, response: ServerResponse, entry: Pick<Entry, 'status' | 'rawHeaders' | 'body' | 'etag'>,
  cacheStatus: string, age?: string): void {
  const extra = ['Cache-Status', cacheStatus, ...(age === undefined ? [] : ['Age', age])];
  const notModified = entry.etag !== undefined && entry.status === 200 && request.headers['if-none-match']?.split(',').map((tag) => tag.trim()).includes(entry.etag);
  if (notModified) {
    response.writeHead(304, [...entry.rawHeaders.filter((_, i, all) => !/^content-/i.test(all[i - (i % 2)]!)), ...extra]);
    response.end();
    return;
  }
  response.writeHead(entry.status, [...entry.rawHeaders, 'Content-Length', String(entry.body.length), ...extra]);
  response.end(request.method === 'HEAD' ? undefined : entry.body);
}
