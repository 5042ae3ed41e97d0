import { describe, expect, it } from 'vitest';
import { createLimiter, createTmdbClient, isBearerToken, retryAfterMs, TMDB_BUSY } from '../../src/lib/tmdb/client.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function scripted(responses: (Response | Error)[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('TMDB client', () => {
  it('sends a v3 key as api_key and a v4 token as a Bearer header', async () => {
    const v3 = scripted([json(200, {})]);
    await createTmdbClient({ apiKey: 'abc123', fetch: v3.fetch }).get('/movie/1');
    expect(new URL(v3.calls[0]!.url).searchParams.get('api_key')).toBe('abc123');
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig';
    expect(isBearerToken(token)).toBe(true);
    const v4 = scripted([json(200, {})]);
    await createTmdbClient({ apiKey: token, fetch: v4.fetch }).get('/movie/1');
    expect(new URL(v4.calls[0]!.url).searchParams.has('api_key')).toBe(false);
    expect((v4.calls[0]!.init?.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
  });

  it('waits Retry-After on 429 and backs off exponentially on 5xx and network errors', async () => {
    const sleeps: number[] = [];
    const { fetch } = scripted([json(429, {}, { 'retry-after': '3' }), json(503, {}), new Error('ECONNRESET'), json(200, { ok: 1 })]);
    const client = createTmdbClient({ apiKey: 'k', fetch, backoffMs: 100, requestsPerSecond: 1e6, sleep: async (ms) => { sleeps.push(ms); } });
    expect(await client.get('/movie/1')).toEqual({ ok: 1 });
    expect(sleeps.filter((ms) => ms >= 1)).toEqual([3000, 200, 400]); // the 429 counts as the first failure
  });

  it('gives up after the bounded number of 5xx attempts', async () => {
    const { fetch, calls } = scripted(Array.from({ length: 5 }, () => json(500, {})));
    const client = createTmdbClient({ apiKey: 'k', fetch, maxAttempts: 3, backoffMs: 1, sleep: async () => {} });
    await expect(client.get('/movie/1')).rejects.toThrow('after 3 attempts');
    expect(calls).toHaveLength(3);
  });

  it('gives up on endless 429s after the bounded number of attempts, waiting at most the Retry-After cap', async () => {
    const sleeps: number[] = [];
    const { fetch, calls } = scripted(Array.from({ length: 10 }, () => json(429, {}, { 'retry-after': '3600' })));
    const client = createTmdbClient({ apiKey: 'k', fetch, maxAttempts: 3, maxRetryAfterMs: 2000, requestsPerSecond: 1e6, sleep: async (ms) => { sleeps.push(ms); } });
    await expect(client.get('/movie/1')).rejects.toThrow('TMDB request failed (429) after 3 attempts.');
    expect(calls).toHaveLength(3);
    expect(sleeps.filter((ms) => ms >= 1)).toEqual([2000, 2000]);
  });

  it('reads Retry-After as seconds or a date, and one second when unreadable', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 1000)).toBe(60_000);
    expect(retryAfterMs(null)).toBe(1000);
    expect(retryAfterMs('soon')).toBe(1000);
  });

  it('explains a rejected key and a missing title', async () => {
    const { fetch } = scripted([json(401, { status_code: 7, status_message: 'Invalid API key' }), json(404, { status_code: 34, status_message: 'x' })]);
    const client = createTmdbClient({ apiKey: 'k', fetch });
    await expect(client.get('/movie/1')).rejects.toThrow('TMDB rejected the API key (check TMDB_API_KEY).');
    await expect(client.get('/movie/9', {}, 'movie with id 9')).rejects.toThrow('TMDB has no movie with id 9.');
  });

  it('spaces requests to the rate and caps concurrency', async () => {
    const limiter = createLimiter(50, 2, 10);
    let active = 0;
    let peak = 0;
    const starts: number[] = [];
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => limiter.run(async () => {
      starts.push(Date.now() - started);
      active++; peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
    })));
    expect(peak).toBeLessThanOrEqual(2);
    expect(Math.max(...starts)).toBeGreaterThanOrEqual(5 * 20 - 5); // 6 starts at 50/s need ~100 ms
  });

  it('refuses at once a request past the bounded queue, and serves the queued ones', async () => {
    const limiter = createLimiter(1e6, 1, 2);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const running = limiter.run(() => gate);
    const queued = [limiter.run(async () => 'a'), limiter.run(async () => 'b')];
    await expect(limiter.run(async () => 'c')).rejects.toThrow(TMDB_BUSY);
    open();
    await running;
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
    expect(await limiter.run(async () => 'd')).toBe('d');
  });

  it('a client whose queue is full fails the request with a 503 TmdbError instead of waiting', async () => {
    const never = new Promise<Response>(() => {});
    const client = createTmdbClient({ apiKey: 'k', fetch: () => never, maxConnections: 1, maxWaiting: 1, requestsPerSecond: 1e6 });
    void client.get('/movie/1');
    void client.get('/movie/2');
    await expect(client.get('/movie/3')).rejects.toMatchObject({ status: 503, message: TMDB_BUSY });
  });
});
