/**
 * One simulated browser of the soak benchmark: its own loopback address (the whole of 127.0.0.0/8 reaches the
 * server, so every visitor is a distinct client to the per-address rate limits and view counting, as in
 * production, with no proxy header to trust), its own keep-alive connections, and every request it makes counted
 * by the Recorder: an answer outside 2xx/3xx, an answer the caller's check rejects, a network error or no answer
 * within the timeout is an error.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Kind, Recorder } from './report.ts';

/** As the load bench (autocannon's timeout there). */
export const TIMEOUT_MS = 10_000;

export interface SoakRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decoded from its content encoding. */
  text(): string;
}

/** Returns what is wrong with an answer that has an acceptable status, or null. */
export type Check = (answer: Answer) => string | null;

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
];

/** Loopback addresses from 127.1.0.1 on, one per simulated client (127.0.0.1 stays the bench's own). */
export class AddressPool {
  private next = 0;

  take(): string {
    for (;;) {
      const n = this.next++;
      const last = n & 255;
      if (last === 0 || last === 255) continue;
      return `127.${1 + (n >>> 16)}.${(n >>> 8) & 255}.${last}`;
    }
  }
}

export class SoakClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  private readonly userAgent: string;
  /** The Cookie header sent with every request, if any. */
  cookie = '';

  constructor(
    private readonly origin: URL,
    readonly address: string,
    private readonly recorder: Recorder,
    pick: <T>(items: readonly T[]) => T,
  ) {
    this.userAgent = pick(USER_AGENTS);
  }

  /** Sends the request and counts it; the answer, or null when it failed (counted as an error). */
  async send(kind: Kind, request: SoakRequest, check?: Check): Promise<Answer | null> {
    const method = request.method ?? 'GET';
    const route = `${method} ${request.path.split('?')[0]}`;
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await this.exchange(method, request).catch((error: unknown) => {
        if (!(error instanceof StaleConnection)) throw error;
        // The server closed an idle kept-alive connection as this request went out on it: a browser sends the
        // request again on a new connection, and so does this client (counted apart, not as an error).
        this.recorder.staleConnectionRetries++;
        return this.exchange(method, request);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.recorder.record(kind, performance.now(), null, { what: message, example: route });
      return null;
    }
    const latency = performance.now() - started;
    let problem: string | null;
    try {
      problem = answer.status < 200 || answer.status > 399 ? `answered ${answer.status}` : (check?.(answer) ?? null);
    } catch (error) {
      problem = `unreadable answer (${error instanceof Error ? error.message : String(error)})`;
    }
    if (problem) {
      const body = answer.status >= 400 ? `: ${safeText(answer).slice(0, 200)}` : '';
      this.recorder.record(kind, performance.now(), latency, { what: `${method} ${routeShape(request.path)} ${problem}`, example: `${route}${body}` });
      return null;
    }
    this.recorder.record(kind, performance.now(), latency);
    return answer;
  }

  close(): void {
    this.agent.destroy();
  }

  private exchange(method: string, request: SoakRequest): Promise<Answer> {
    const body = request.json !== undefined ? JSON.stringify(request.json)
      : request.form ? new URLSearchParams(request.form).toString() : undefined;
    // Node sends a DELETE's body neither chunked nor with a length unless told the length.
    const length: Record<string, string> = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      'accept-encoding': 'br, gzip',
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(method === 'GET' ? {} : { origin: this.origin.origin }),
      ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...length,
      ...request.headers,
    };
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      };
      const outgoing = http.request({
        host: this.origin.hostname, port: this.origin.port, path: request.path, method, headers, agent: this.agent, localAddress: this.address,
      });
      const timer = setTimeout(() => {
        fail(new Error(`no answer within ${TIMEOUT_MS / 1000} s`));
        outgoing.destroy();
      }, TIMEOUT_MS);
      let answered = false;
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        fail(outgoing.reusedSocket && !answered && STALE_CODES.has(error.code ?? '') ? new StaleConnection(error.message) : error);
      });
      outgoing.on('response', (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', fail);
        incoming.on('close', () => { if (!incoming.complete) fail(new Error('answer cut off')); });
        incoming.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const raw = Buffer.concat(chunks);
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: () => decode(raw, incoming.headers['content-encoding']) });
        });
      });
      outgoing.end(body);
    });
  }
}

/** How a request fails that went out on a kept-alive connection the server had just closed. */
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

class StaleConnection extends Error {}

function decode(raw: Buffer, encoding: string | undefined): string {
  switch (encoding) {
    case 'br': return brotliDecompressSync(raw).toString('utf8');
    case 'gzip': return gunzipSync(raw).toString('utf8');
    case 'deflate': return inflateSync(raw).toString('utf8');
    default: return raw.toString('utf8');
  }
}

function safeText(answer: Answer): string {
  try {
    return answer.text().replace(/\s+/g, ' ');
  } catch {
    return '(undecodable body)';
  }
}

/** The path with its query dropped and numbers and slugs of detail pages generalised, to group failures. */
export function routeShape(path: string): string {
  return (path.split('?')[0] ?? '')
    .replace(/^\/(movie|tv|people)\/[^/]+\/\d+\/?$/, '/$1/:slug/:id')
    .replace(/\/\d+(?=\/|$)/g, '/:id');
}
