/** Every cookie and header the server reads is parsed totally: hostile values mean "absent", never a thrown error. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countryOf } from '../../src/lib/analytics/events.ts';
import { decodedTokenCacheSize, getSessionUser, sessionCookie } from '../../src/lib/accounts/session.ts';
import { isCrossSiteWrite } from '../../src/lib/accounts/request-guard.ts';
import { clientIp } from '../../src/lib/http/respond.ts';
import { isHttpUrl } from '../../src/lib/admin/contract.ts';
import { $toasts, showPendingToast } from '../../src/lib/ui/client/toast.ts';

const HOSTILE = ['%', '%E0%A4%A', '%ZZ', '\u0000', '=;=;', 'a'.repeat(10_000), '{"', '%C0%80'];

describe('cookie and header parsers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('the session cookie: any hostile value is a visitor, without touching the database', async () => {
    const db = new Proxy({}, { get: () => { throw new Error('database used'); } }) as never;
    const keys = { secret: 'unit-test-secret-unit-test-secret', secure: false };
    for (const value of [...HOSTILE, 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..x.y.z']) {
      const request = new Request('http://localhost/', { headers: { cookie: `authjs.session-token=${encodeURIComponent(value)}; authjs.session-token.0=%` } });
      expect(await getSessionUser(request, db, keys), value).toBeNull();
    }
  });

  it('the decoded-session cache: one cookie with varying empty chunks is one entry, and the cache is bounded in bytes', async () => {
    // Tokens without session_version resolve to nobody before the database is asked, but are decoded (and cached).
    const db = new Proxy({}, { get: () => { throw new Error('database used'); } }) as never;
    const keys = { secret: 'unit-test-secret-unit-test-secret', secure: false };
    const cookieOf = async (claims: Record<string, unknown>) => (await sessionCookie(claims as never, keys)).split(';')[0]!;
    const visit = (cookie: string) => getSessionUser(new Request('http://localhost/', { headers: { cookie } }), db, keys);
    const one = await cookieOf({ sub: 'cache-test', email: 'a@example.com' });
    const before = decodedTokenCacheSize().entries;
    for (let i = 1; i <= 50; i++) expect(await visit(`${one}; authjs.session-token.${i}=`)).toBeNull();
    expect(decodedTokenCacheSize().entries).toBe(before + 1);

    const big = 'x'.repeat(200_000);
    for (let i = 0; i < 30; i++) await visit(await cookieOf({ sub: `big-${i}`, email: big }));
    expect(decodedTokenCacheSize().bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(decodedTokenCacheSize().bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('the geolocation header counts only on Netlify, not on any Lambda host', () => {
    const request = new Request('http://localhost/', { headers: { 'x-nf-geo': Buffer.from('{"country":{"code":"fr"}}').toString('base64') } });
    vi.stubEnv('NETLIFY', '');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'some-function');
    expect(countryOf(request, undefined)).toBe('Unknown');
    vi.stubEnv('NETLIFY', 'true');
    expect(countryOf(request, undefined)).toBe('FR');
  });

  it('a write from an opaque origin (Origin: null, as the sandboxed ad frame sends) is refused, whatever the Referer', () => {
    const site = 'http://localhost:4321';
    const write = (headers: Record<string, string>) => new Request(`${site}/api/me/lists`, { method: 'POST', headers });
    const url = new URL(`${site}/api/me/lists`);
    expect(isCrossSiteWrite(write({ origin: 'null', referer: `${site}/ad-frame` }), url, site)).toBe(true);
    expect(isCrossSiteWrite(write({ origin: 'null' }), url, site)).toBe(true);
    expect(isCrossSiteWrite(write({ referer: `${site}/movie/x/1` }), url, site)).toBe(false);
    expect(isCrossSiteWrite(write({ origin: site }), url, site)).toBe(false);
  });

  it('a site-relative admin URL may not lead to another host', () => {
    expect(isHttpUrl('/embed/movie/1')).toBe(true);
    for (const value of ['//evil.com', '/\\evil.com', 'javascript:alert(1)']) expect(isHttpUrl(value), value).toBe(false);
  });

  it('geolocation, language, origin and forwarding headers never throw', () => {
    vi.stubEnv('NETLIFY', 'true'); // x-nf-geo is parsed only on Netlify
    for (const value of [...HOSTILE.filter((v) => !v.includes('\u0000')), '!!!', 'e30=', 'bnVsbA==']) {
      const request = new Request('http://localhost/api/x', {
        method: 'POST', headers: { 'x-nf-geo': value, 'accept-language': value, referer: value, 'x-forwarded-for': value },
      });
      expect(countryOf(request, undefined), value).toBe('Unknown');
      expect(isCrossSiteWrite(request, new URL(request.url)), value).toBe(true);
      expect(typeof clientIp({ request, clientAddress: '127.0.0.1' }, 1)).toBe('string');
    }
  });

  it('a pending toast that is not what we stored shows nothing and is dropped', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value), removeItem: (key: string) => store.delete(key) });
    for (const value of ['{"', 'null', '5', '{"message":3}']) {
      store.set('pending-toast', value);
      expect(() => showPendingToast(), value).not.toThrow();
      expect(store.has('pending-toast')).toBe(false);
    }
    expect($toasts.get()).toEqual([]);
  });
});
