/**
 * A local stand-in for Netlify's purge API (`POST /api/v1/purge`, what `purgeCache` of @netlify/functions calls), for
 * the integration tests and the Netlify smoke tier. Like the real one it takes `Authorization: Bearer <token>` and a
 * JSON body `{ site_id, cache_tags? }` (no cache_tags: the whole site), answers 202 when it purged, and accepts two
 * purges of a tag, or of the whole site, per 5 s: a request naming a tag (or the site) already purged twice in the
 * last 5 s is refused with 429 and purges nothing. The window slides, which is at least as strict as fixed windows or
 * a token bucket of the same rate.
 *
 * It records every call, refused ones too, and any other request (`others`: nothing else of Netlify's API should be
 * asked), and hands each accepted purge to `onPurge` (the CDN stand-in evicts).
 * `failNext` makes the next call (naming a given tag, if one is given) fail with 429 or 500 before any check, or get
 * no answer at all, as a busy, broken or stuck API would.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Netlify's limit: purges of one tag, or of the whole site, per window. */
export const PURGES_PER_WINDOW = 2;
export const PURGE_WINDOW_MS = 5_000;

export interface PurgeCall {
  /** When the request arrived (ms since the epoch). */
  at: number;
  siteId: unknown;
  /** The tags asked for, or null for the whole site. */
  tags: string[] | null;
  /** 0: left unanswered (failNext 'no answer'). */
  status: number;
}

export interface PurgeApiOptions {
  siteId: string;
  token: string;
  onPurge?: (tags: string[] | null) => void;
}

export interface PurgeApiStandIn {
  /** What NETLIFY_API_URL (purgeCache's `apiURL`) should be. */
  url: string;
  calls: PurgeCall[];
  /** Requests for anything but a purge, as `METHOD /path`. */
  others: string[];
  /** The next call (naming `tag`, when given) answers `status`, or nothing, and purges nothing. */
  failNext(failure: Failure, tag?: string): void;
  close(): Promise<void>;
}

export type Failure = 429 | 500 | 'no answer';

/** The key a purge counts against: the tag, or the whole site. */
const WHOLE_SITE = '\0site';

export async function startNetlifyPurgeApi(options: PurgeApiOptions): Promise<PurgeApiStandIn> {
  const calls: PurgeCall[] = [];
  const others: string[] = [];
  const failures: { failure: Failure; tag: string | undefined }[] = [];
  /** Accepted purges per key, as arrival times. */
  const accepted = new Map<string, number[]>();

  const server = createServer(async (request, response) => {
    const at = Date.now();
    // A new connection per call: a kept-alive one the server is closing would fail a purge now and then.
    response.shouldKeepAlive = false;
    const answer = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: status, message }));
    };
    if (request.method !== 'POST' || request.url !== '/api/v1/purge') {
      others.push(`${request.method} ${request.url}`);
      return answer(404, 'Not Found');
    }
    const body = await readJson(request);
    const tags = body && Array.isArray(body.cache_tags) ? (body.cache_tags as unknown[]) : null;
    const call: PurgeCall = { at, siteId: body?.site_id, tags: tags as string[] | null, status: 0 };
    calls.push(call);
    const refuse = (status: number, message: string) => {
      call.status = status;
      answer(status, message);
    };
    const next = failures.findIndex(({ tag }) => tag === undefined || call.tags?.includes(tag));
    if (next >= 0) {
      const { failure } = failures.splice(next, 1)[0]!;
      if (failure === 'no answer') return;
      return refuse(failure, failure === 429 ? 'Too Many Requests' : 'Internal Server Error');
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) return refuse(401, 'Access Denied');
    if (!body || (body.cache_tags !== undefined && !tags?.every((tag) => typeof tag === 'string' && tag.length > 0))) {
      return refuse(400, 'cache_tags must be a list of tags');
    }
    if (body.site_id !== options.siteId) return refuse(404, 'Site not found');
    const keys = tags ? [...new Set(tags as string[])] : [WHOLE_SITE];
    const recent = (key: string) => (accepted.get(key) ?? []).filter((time) => time > at - PURGE_WINDOW_MS);
    if (keys.some((key) => recent(key).length >= PURGES_PER_WINDOW)) return refuse(429, 'Too Many Requests');
    for (const key of keys) accepted.set(key, [...recent(key), at]);
    options.onPurge?.(tags as string[] | null);
    call.status = 202;
    response.writeHead(202).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    others,
    failNext(failure, tag) {
      failures.push({ failure, tag });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
