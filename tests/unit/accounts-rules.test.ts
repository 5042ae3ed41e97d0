import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, signInErrorMessage } from '../../src/lib/accounts/client/messages.ts';
import { isCrossSiteWrite } from '../../src/lib/accounts/request-guard.ts';
import { emailProblem, newPasswordProblem, signUpProblem } from '../../src/lib/accounts/client/rules.ts';
import { resolveAuthSecret } from '../../src/lib/accounts/secret.ts';
import { guardRedirect } from '../../src/lib/accounts/client/session-store.ts';
import { hashToken, tokenExpiry } from '../../src/lib/accounts/tokens.ts';
import { clientIp } from '../../src/lib/http/respond.ts';
import { trustedProxyHops } from '../../src/lib/settings.ts';

describe('the client address for rate limits', () => {
  const behindProxy = (forwardedFor: string) =>
    ({ request: new Request('http://site.test/', { headers: { 'x-forwarded-for': forwardedFor } }), clientAddress: '10.0.0.1' });

  afterEach(() => vi.unstubAllEnvs());

  it('by default is the socket address: X-Forwarded-For is whatever the client wrote', () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '');
    expect(trustedProxyHops()).toBe(0);
    expect(clientIp(behindProxy('203.0.113.9'), 0)).toBe('10.0.0.1');
  });

  it('behind TRUSTED_PROXY_HOPS proxies is the entry they wrote, never a forged one further left', () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    expect(trustedProxyHops()).toBe(1);
    vi.stubEnv('TRUSTED_PROXY_HOPS', 'yes');
    expect(trustedProxyHops()).toBe(0);
    expect(clientIp(behindProxy('198.51.100.7, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientIp(behindProxy('198.51.100.7, 203.0.113.9, 10.0.0.2'), 2)).toBe('203.0.113.9');
    expect(clientIp({ request: new Request('http://site.test/'), clientAddress: '10.0.0.1' }, 1)).toBe('10.0.0.1');
  });
});

describe('e-mail tokens', () => {
  it('stores a SHA-256 of the token, never the token itself', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abc')).not.toContain('abc');
    expect(hashToken('abd')).not.toBe(hashToken('abc'));
  });

  it('confirmation links last 24 hours and reset links 1 hour', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(tokenExpiry('confirm_email', now).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(tokenExpiry('reset_password', now).toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });
});

describe('form rules (spec 5)', () => {
  it('sign up needs a valid e-mail and matching passwords', () => {
    expect(signUpProblem('', 'secret1', 'secret1')).toBe(MESSAGES.emailRequired);
    expect(signUpProblem('not-an-email', 'secret1', 'secret1')).toBe(MESSAGES.emailInvalid);
    expect(signUpProblem('a@b.co', 'secret1', 'secret2')).toBe('Passwords do not match.');
    expect(signUpProblem(' a@b.co ', 'secret1', 'secret1')).toBeNull();
  });

  it('a new password matches its confirmation and has at least 6 characters', () => {
    expect(newPasswordProblem('abcdef', 'abcdeg')).toBe('Passwords do not match.');
    expect(newPasswordProblem('abcde', 'abcde')).toBe('Password should be at least 6 characters.');
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });

  it('e-mail checks trim and reject spaces and missing domains', () => {
    expect(emailProblem('   ')).toBe(MESSAGES.emailRequired);
    expect(emailProblem('a b@c.de')).toBe(MESSAGES.emailInvalid);
    expect(emailProblem('a@localhost')).toBe(MESSAGES.emailInvalid);
    expect(emailProblem('USER@Example.com')).toBeNull();
  });

  it('an e-mail field holds exactly one address: no comma, semicolon, angle brackets, CR/LF or NUL', () => {
    for (const hostile of [
      'victim@example.com,attacker@evil.test', 'victim@example.com;attacker@evil.test', 'Victim <victim@example.com>',
      'victim@example.com\r\nBcc: attacker@evil.test', 'victim@example.com\nx', 'victim@example.com\u0000', '"a,b"@example.com',
    ]) expect(emailProblem(hostile), JSON.stringify(hostile)).toBe(MESSAGES.emailInvalid);
    expect(emailProblem("o'brien+films@mail.example.co.uk")).toBeNull();
    expect(emailProblem('zoë@exemple.fr')).toBeNull();
  });

  it('sign-in failures map to one generic message unless the code is known', () => {
    expect(signInErrorMessage('invalid_credentials')).toBe('Invalid login credentials.');
    expect(signInErrorMessage('credentials')).toBe('Invalid login credentials.');
    expect(signInErrorMessage(null)).toBe('Invalid login credentials.');
    expect(signInErrorMessage('rate_limited')).toBe(MESSAGES.tooManyAttempts);
  });
});

describe('client page guards (spec 4)', () => {
  const user = { user: { id: 'u', email: 'a@b.co', role: 'user' as const } };
  it('waits while loading, sends visitors away from private pages and users away from /login', () => {
    expect(guardRedirect('user', 'loading')).toBeNull();
    expect(guardRedirect('user', null)).toBe('/');
    expect(guardRedirect('user', user)).toBeNull();
    expect(guardRedirect('visitor', user)).toBe('/');
    expect(guardRedirect('visitor', null)).toBeNull();
  });

  it('lets only admins stay on /admin', () => {
    expect(guardRedirect('admin', 'loading')).toBeNull();
    expect(guardRedirect('admin', null)).toBe('/');
    expect(guardRedirect('admin', user)).toBe('/');
    expect(guardRedirect('admin', { user: { ...user.user, role: 'admin' } })).toBeNull();
  });
});

describe('cross-site writes', () => {
  const url = new URL('https://cinecat.example/api/me/password');
  const post = (headers: Record<string, string>, method = 'POST', target = url) => new Request(target, { method, headers });
  it('refuses state-changing /api requests without a same-origin Origin or Referer', () => {
    expect(isCrossSiteWrite(post({}), url)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'https://evil.example' }), url)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'null' }), url)).toBe(true);
    expect(isCrossSiteWrite(post({ referer: 'https://evil.example/page' }), url)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: 'https://cinecat.example' }), url)).toBe(false);
    expect(isCrossSiteWrite(post({ referer: 'https://cinecat.example/profile' }), url)).toBe(false);
    expect(isCrossSiteWrite(post({ origin: 'https://site.example' }), url, 'https://site.example')).toBe(false);
  });
  it('leaves reads, pages and Auth.js (own CSRF token) alone', () => {
    expect(isCrossSiteWrite(post({}, 'GET'), url)).toBe(false);
    const page = new URL('https://cinecat.example/login');
    expect(isCrossSiteWrite(post({}, 'POST', page), page)).toBe(false);
    const auth = new URL('https://cinecat.example/api/auth/callback/credentials');
    expect(isCrossSiteWrite(post({}, 'POST', auth), auth)).toBe(false);
    const admin = new URL('https://cinecat.example/api/admin/movies');
    expect(isCrossSiteWrite(post({ origin: 'https://evil.example' }, 'DELETE', admin), admin)).toBe(true);
  });
});

describe('AUTH_SECRET', () => {
  it('uses the configured secret', () => {
    expect(resolveAuthSecret('configured', true)).toBe('configured');
  });
  it('fails clearly on Netlify without one', () => {
    expect(() => resolveAuthSecret(undefined, true)).toThrow(/AUTH_SECRET is not set/);
  });
  it('generates a random local secret once and keeps it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'secret-')), 'data', 'auth-secret');
    const first = resolveAuthSecret(undefined, false, file);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveAuthSecret(undefined, false, file)).toBe(first);
    const other = resolveAuthSecret(undefined, false, join(mkdtempSync(join(tmpdir(), 'secret-')), 'auth-secret'));
    expect(other).not.toBe(first);
  });
});
