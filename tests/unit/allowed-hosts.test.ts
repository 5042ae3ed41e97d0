/** The Node server's host names (src/lib/security/allowed-hosts.ts): what a DNS-rebinding page's Host header meets. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostNameOf, isAllowedHost } from '../../src/lib/security/allowed-hosts.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the host names the Node server answers for', () => {
  it('loopback names and IP addresses, on any port; no Host header (HTTP/1.0) too', () => {
    for (const host of ['localhost', 'localhost:4321', 'LOCALHOST:80', 'app.localhost:4321', '127.0.0.1:4321', '127.8.9.1',
      '[::1]:4321', '192.168.1.20:4321', '10.0.0.7', '[fe80::1]:8080', undefined]) {
      expect(isAllowedHost(host), String(host)).toBe(true);
    }
  });

  it('refuses any other name, however it is spelled', () => {
    for (const host of ['rebound.example:4321', 'rebound.example', 'localhost.rebound.example', '127.0.0.1.nip.io:4321',
      'localhost@rebound.example', 'rebound.example/localhost', '', ' ', 'a b', '[::1']) {
      expect(isAllowedHost(host), host).toBe(false);
    }
  });

  it("answers SITE_URL's host and the names in ALLOWED_HOSTS, in any case and with a final dot", () => {
    vi.stubEnv('SITE_URL', 'https://cinecat.example.org');
    vi.stubEnv('ALLOWED_HOSTS', ' films.example.net ,Staging.Example.com');
    for (const host of ['cinecat.example.org', 'CineCat.Example.org.:443', 'films.example.net:8080', 'staging.example.com']) {
      expect(isAllowedHost(host), host).toBe(true);
    }
    expect(isAllowedHost('www.cinecat.example.org')).toBe(false);
    expect(isAllowedHost('example.org')).toBe(false);
  });

  it('reads the name out of a Host header', () => {
    expect(hostNameOf('Example.ORG.:8080')).toBe('example.org');
    expect(hostNameOf('[::1]:4321')).toBe('[::1]');
    expect(hostNameOf('a b')).toBeUndefined();
  });
});
