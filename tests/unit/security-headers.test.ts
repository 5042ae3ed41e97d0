import { describe, expect, it } from 'vitest';
import { netlifyHeadersFile, staticFileHeaders, withSecurityHeaders } from '../../src/lib/security/headers.ts';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': expect.stringContaining('camera=(), microphone=(), geolocation=()'),
};
const headersOf = (response: Response) => Object.fromEntries(response.headers);

describe('security headers', () => {
  it('an on-demand page keeps the policy Astro wrote (with its hashes) and may not be framed', () => {
    const astroPolicy = "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self';";
    const page = new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': astroPolicy } });
    expect(headersOf(withSecurityHeaders(page, '/movie/x/1'))).toMatchObject({ ...COMMON,
      'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self'; frame-ancestors 'none'" });
  });

  it('API answers load nothing and may not be framed; redirects (immutable headers) get the headers too', () => {
    const api = withSecurityHeaders(Response.json({ ok: true }), '/api/me');
    expect(headersOf(api)).toMatchObject({ ...COMMON, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
    const redirect = withSecurityHeaders(Response.redirect('http://site/', 302), '/admin');
    expect(redirect.status).toBe(302);
    expect(headersOf(redirect)).toMatchObject({ ...COMMON, location: 'http://site/', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
  });

  it('only the frames the site embeds itself (demo player, ad frame) may be framed, and only by the site', () => {
    const player = new Response('', { headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" } });
    expect(withSecurityHeaders(player, '/embed/movie/1').headers.get('Content-Security-Policy')).toBe("default-src 'self'; frame-ancestors 'self'");
    expect(staticFileHeaders('/ad-frame')['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    expect(staticFileHeaders('/embedded-elsewhere')['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it('prerendered files get the headers a <meta> cannot give, on Node and in Netlify\'s _headers file', () => {
    expect(staticFileHeaders('/')).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.any(String), 'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'" });
    const block = (path: string, page: string) => `${path}\n${Object.entries(staticFileHeaders(page)).map(([name, value]) => `  ${name}: ${value}`).join('\n')}`;
    expect(netlifyHeadersFile()).toBe(`${block('/*', '/')}\n${block('/ad-frame', '/ad-frame')}\n${block('/ad-frame/', '/ad-frame/')}\n`);
  });

  it('the ad frame runs sandboxed in an opaque origin wherever it is opened, and may not call the site', () => {
    const sandbox = 'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox';
    // On demand (today's route): Astro's policy, its connect-src 'self' replaced.
    const astroPolicy = "default-src 'self'; connect-src 'self'; script-src 'self' https://ads.example 'sha256-abc'";
    const page = new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': astroPolicy } });
    expect(withSecurityHeaders(page, '/ad-frame').headers.get('Content-Security-Policy'))
      .toBe(`default-src 'self'; script-src 'self' https://ads.example 'sha256-abc'; connect-src https:; frame-ancestors 'self'; ${sandbox}`);
    // Its 404 (no ad network configured) and, were it prerendered, the file on Node and on Netlify.
    expect(withSecurityHeaders(new Response('Not found', { status: 404 }), '/ad-frame/').headers.get('Content-Security-Policy')).toContain(sandbox);
    expect(staticFileHeaders('/ad-frame')['Content-Security-Policy']).toBe(`frame-ancestors 'self'; object-src 'none'; base-uri 'self'; ${sandbox}`);
    expect(netlifyHeadersFile()).toMatch(new RegExp(`\\n/ad-frame/\\n[^/]*Content-Security-Policy: [^\\n]*${sandbox}\\n$`));
    expect(staticFileHeaders('/')['Content-Security-Policy']).not.toContain('sandbox');
  });
});
