/**
 * The return target after signing in (issue 36): sameOriginPath decides, for the login form's `next`, Auth.js's
 * callbackUrl and the admin's site-relative links, whether a target is a page of this site and which one. Every
 * spelling that a URL parser or a browser reads as another host must come out as "not ours".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnPath } from '../../src/lib/accounts/client/return-path.ts';
import { createAuthConfig } from '../../src/lib/accounts/auth-config.ts';
import { isHttpUrl } from '../../src/lib/admin/contract.ts';
import { sameOriginPath } from '../../src/lib/security/client/same-origin-path.ts';

const SITE = 'https://site.test';
const EVIL = 'evil.example';

/** Spellings of another host: every one must be refused, whatever the parser or browser does with it. */
const HOSTILE_TARGETS = [
  `/.//${EVIL}/login`, `/..//${EVIL}/x`, `/%2e//${EVIL}`, `/%2E//${EVIL}`, `/%2e%2e//${EVIL}`, `/././/${EVIL}`, `/a/..//${EVIL}`,
  `//${EVIL}`, `///${EVIL}`, `////${EVIL}`, `/\\${EVIL}`, `\\\\${EVIL}`, `\\/${EVIL}`, `/\\/${EVIL}`, `/.\\/${EVIL}`, `/.\\\\${EVIL}`,
  `/\t/${EVIL}`, `/\n/${EVIL}`, `/\r\n/${EVIL}`, `\t//${EVIL}`, ` //${EVIL}`, `/\u0000/${EVIL}`, `/\u007f/${EVIL}`,
  `https://${EVIL}/`, `http://${EVIL}`, `https:${EVIL}`, `https:/${EVIL}`, `https://site.test@${EVIL}/`, `http://site.test/`,
  `javascript:alert(1)`, `JavaScript:alert(1)`, `java\tscript:alert(1)`, `data:text/html,x`, `${EVIL}/login`, '', ' ', '.',
  `/${'a'.repeat(3000)}`,
];

/** Targets that are pages of this site, and the path each stands for. */
const OWN_TARGETS: [string, string][] = [
  ['/', '/'], ['/my-list', '/my-list'], ['/movies?page=2#top', '/movies?page=2#top'], ['/search?q=a%20b', '/search?q=a%20b'],
  ['/a/../wishlist', '/wishlist'], ['/%2e%2e/wishlist', '/wishlist'], ['/./profile', '/profile'], ['/movie//x', '/movie//x'],
  [`${SITE}/tv-shows`, '/tv-shows'], [`${SITE}`, '/'], ['/%2F%2Fevil.example', '/%2F%2Fevil.example'], ['/@evil.example', '/@evil.example'],
];

/** Pieces a hostile target is made of, so generated ones hit the parser's corners far more often than random text. */
const PIECES = ['/', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', '%09', '\t', '\n', '\r', ' ', '\u0000', '@', ':', '?', '#', EVIL,
  'site.test', 'https:', 'http:', 'javascript:', '//', 'a', 'login', '%', '\u3002', '\uff0f'];
const target = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((pieces) => pieces.join('')),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => `/${pieces.join('')}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.webUrl(),
);

/** Where a path leads when it is used as a link again, from any page of any origin. */
const resolvesOn = (path: string, page: string) => new URL(path, page).origin;

describe('sameOriginPath', () => {
  it('refuses every spelling of another host or scheme', () => {
    for (const hostile of HOSTILE_TARGETS) expect(sameOriginPath(hostile, SITE), JSON.stringify(hostile)).toBeNull();
  });

  it('gives the normalised path of a page of this site', () => {
    for (const [own, path] of OWN_TARGETS) expect(sameOriginPath(own, SITE), own).toBe(path);
  });

  it('whatever it accepts is a path that stays on the origin it is used on, however often it is reused', () => {
    fc.assert(fc.property(target, (candidate) => {
      const path = sameOriginPath(candidate, SITE);
      if (path === null) return;
      expect(path).toMatch(/^\/(?![/\\])/);
      expect(path).not.toMatch(/[\u0000-\u001f\u007f]/);
      for (const page of [SITE, `${SITE}/login?next=x`, 'http://other.test/deep/page']) expect(resolvesOn(path, page)).toBe(new URL(page).origin);
      // The candidate itself led here, and the answer is its own answer (nothing left to normalise).
      expect(new URL(candidate, SITE).origin).toBe(SITE);
      expect(sameOriginPath(path, SITE)).toBe(path);
    }), { numRuns: 5000 });
  });

  it('accepts nothing that a browser would open on another origin', () => {
    fc.assert(fc.property(target, (candidate) => {
      const opened = URL.parse(candidate, `${SITE}/login`);
      if (!opened || opened.origin !== SITE) expect(sameOriginPath(candidate, SITE)).toBeNull();
    }), { numRuns: 5000 });
  });
});

describe('every return target goes through it', () => {
  it('the login form returns to `next` only when it is a page of this site', () => {
    for (const hostile of HOSTILE_TARGETS) {
      expect(returnPath(`?${new URLSearchParams({ next: hostile })}`, SITE), JSON.stringify(hostile)).toBe('/');
    }
    expect(returnPath('?next=/.//evil.example/login', SITE)).toBe('/');
    expect(returnPath('?next=%2Fwishlist', SITE)).toBe('/wishlist');
    expect(returnPath('', SITE)).toBe('/');
  });

  it('Auth.js\'s callbackUrl (field, query or cookie) leads to a page of this site or home', async () => {
    const redirect = createAuthConfig({ keys: { secret: 'unit-test-secret-unit-test-secret', secure: true }, db: null as never, clientIp: '127.0.0.1' })
      .callbacks!.redirect!;
    for (const hostile of HOSTILE_TARGETS) expect(await redirect({ url: hostile, baseUrl: SITE }), JSON.stringify(hostile)).toBe(`${SITE}/`);
    for (const [own, path] of OWN_TARGETS) expect(await redirect({ url: own, baseUrl: SITE })).toBe(`${SITE}${path}`);
  });

  it('an admin\'s site-relative link may not lead to another host', () => {
    for (const own of ['/embed/movie/1', '/embed/tv/2?season=1&episode=3']) expect(isHttpUrl(own), own).toBe(true);
    for (const hostile of [...HOSTILE_TARGETS.filter((value) => !value.startsWith('http')), `/\t/${EVIL}`, `/\n/${EVIL}`]) {
      expect(isHttpUrl(hostile), JSON.stringify(hostile)).toBe(false);
    }
    expect(isHttpUrl(`https://${EVIL}/player`)).toBe(true); // an absolute link is the admin's choice
  });
});
