/**
 * TMDB HTTP client: auth (v3 key or v4 token), rate limit, concurrency cap with a bounded queue, a bounded number
 * of retries with backoff. No caches. Every call ends: past the queue's bound it fails at once (TMDB is busy),
 * and 429s, 5xx and network errors together get at most `maxAttempts` tries.
 */

export interface TmdbClientOptions {
  apiKey: string;
  baseUrl?: string;
  requestsPerSecond?: number;
  maxConnections?: number;
  /** Requests allowed to wait for a connection; one more fails at once with a 503 TmdbError. */
  maxWaiting?: number;
  /** Tries per request, 429s included. */
  maxAttempts?: number;
  /** The longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs?: number;
  /** Base delay for exponential backoff on 5xx / network errors. */
  backoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export class TmdbError extends Error {
  constructor(message: string, readonly status: number, readonly tmdbCode?: number) {
    super(message);
    this.name = 'TmdbError';
  }
}

export interface TmdbClient {
  get<T = unknown>(path: string, params?: Record<string, string | number>, what?: string): Promise<T>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** v4 read tokens are JWTs (three base64url parts, starting with "eyJ"). */
export function isBearerToken(apiKey: string): boolean {
  return /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(apiKey);
}

export const TMDB_BUSY = 'TMDB is busy. Please try again later.';

/**
 * Spaces request starts at least 1000/rps ms apart and caps how many run at once; at most `maxWaiting` wait for a
 * connection, and any more are refused at once rather than queued without end.
 */
export function createLimiter(requestsPerSecond: number, maxConnections: number, maxWaiting: number, sleep = defaultSleep) {
  const interval = 1000 / requestsPerSecond;
  let nextSlot = 0;
  let active = 0;
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<void> {
    if (active < maxConnections) active += 1;
    else if (waiting.length >= maxWaiting) throw new TmdbError(TMDB_BUSY, 503);
    else await new Promise<void>((resolve) => waiting.push(resolve));
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + interval;
    if (slot > now) await sleep(slot - now);
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next(); // hand the connection slot straight over
    else active -= 1;
  }
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try { return await task(); } finally { release(); }
    },
  };
}

/** Retry-After in ms: seconds or an HTTP date; one second when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}

function describeFailure(status: number, code: number | undefined, message: string | undefined, what: string): string {
  if (status === 401 || code === 7) return 'TMDB rejected the API key (check TMDB_API_KEY).';
  if (status === 404 || code === 34) return `TMDB has no ${what}.`;
  if (code === 22) return 'TMDB says the page is invalid: pages must be between 1 and 500.';
  return `TMDB request failed (${status}${message ? `: ${message}` : ''}).`;
}

export function createTmdbClient(options: TmdbClientOptions): TmdbClient {
  const {
    apiKey, baseUrl = 'https://api.themoviedb.org/3', requestsPerSecond = 35, maxConnections = 20, maxWaiting = 100,
    maxAttempts = 4, maxRetryAfterMs = 10_000, backoffMs = 500, sleep = defaultSleep,
  } = options;
  if (!apiKey) throw new TmdbError('TMDB_API_KEY is not set.', 0);
  const doFetch = options.fetch ?? fetch;
  const limiter = createLimiter(requestsPerSecond, maxConnections, maxWaiting, sleep);
  const bearer = isBearerToken(apiKey);

  function buildUrl(path: string, params: Record<string, string | number>): string {
    const url = new URL(baseUrl.replace(/\/$/, '') + path);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
    if (!bearer) url.searchParams.set('api_key', apiKey);
    return url.toString();
  }

  async function get<T>(path: string, params: Record<string, string | number> = {}, what = `resource at ${path}`): Promise<T> {
    const url = buildUrl(path, params);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (bearer) headers.authorization = `Bearer ${apiKey}`;
    let failures = 0;
    for (;;) {
      let response: Response;
      try {
        response = await limiter.run(() => doFetch(url, { headers }));
      } catch (error) {
        if (error instanceof TmdbError) throw error; // the queue is full: waiting longer would not help
        failures += 1;
        if (failures >= maxAttempts) throw new TmdbError(`Could not reach TMDB: ${(error as Error).message}`, 0);
        await sleep(backoffMs * 2 ** (failures - 1));
        continue;
      }
      if (response.ok) return (await response.json()) as T;
      if (response.status === 429 || response.status >= 500) {
        failures += 1;
        await response.body?.cancel();
        if (failures >= maxAttempts) throw new TmdbError(`TMDB request failed (${response.status}) after ${failures} attempts.`, response.status);
        // Over the limit: wait as told (within reason); a server error: back off exponentially.
        await sleep(response.status === 429
          ? Math.min(retryAfterMs(response.headers.get('retry-after')), maxRetryAfterMs)
          : backoffMs * 2 ** (failures - 1));
        continue;
      }
      const body = (await response.json().catch(() => ({}))) as { status_code?: number; status_message?: string };
      throw new TmdbError(describeFailure(response.status, body.status_code, body.status_message, what), response.status, body.status_code);
    }
  }

  return { get };
}
