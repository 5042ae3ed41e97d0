/**
 * The host names the Node server answers for, against DNS rebinding: a page on attacker.example whose name is made
 * to resolve to 127.0.0.1 reaches a developer's `npm start` as `Host: attacker.example:4321`, and could sign in
 * with a demo account and drive the site. A browser only sends a host it resolved by name, so loopback names, IP
 * addresses (a phone on the same network), SITE_URL's host and the names in ALLOWED_HOSTS are answered, and any
 * other name gets 421. On Netlify the platform routes only the site's own domains, so this runs on Node only.
 *
 * Not Astro's `security.allowedDomains`: on @astrojs/node a Host header it allows makes `clientAddress` read
 * X-Forwarded-For, which any client writes (rate limits key on it; http/respond.ts clientIp).
 */
import { isIP } from 'node:net';
import type { Middleware } from '../http/static-files.ts';
import { extraAllowedHosts, isLoopback, siteUrlSetting } from '../settings.ts';

/** The host name of a Host header (lower case, without port or final dot; IPv6 keeps its brackets), or undefined. */
export function hostNameOf(hostHeader: string): string | undefined {
  return URL.parse(`http://${hostHeader}`)?.hostname.toLowerCase().replace(/\.$/, '');
}

/** Whether a request with this Host header is answered. No Host header (HTTP/1.0) names no site: answered. */
export function isAllowedHost(hostHeader: string | undefined): boolean {
  if (hostHeader === undefined) return true;
  const name = hostNameOf(hostHeader);
  if (name === undefined) return false;
  const siteUrl = siteUrlSetting();
  return isLoopback(name) || isIP(name.replace(/^\[|\]$/g, '')) !== 0
    || (siteUrl !== undefined && new URL(siteUrl).hostname.toLowerCase() === name)
    || extraAllowedHosts().includes(name);
}

export const MISDIRECTED_REQUEST = 421;

/** The server's first step: a request for a host name it does not serve gets 421, and nothing else runs. */
export const knownHostsOnly: Middleware = (req, res, next) => {
  if (isAllowedHost(req.headers.host)) return next();
  res.writeHead(MISDIRECTED_REQUEST, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`This server does not answer for the host ${JSON.stringify(req.headers.host)}. Add its name to ALLOWED_HOSTS to serve it.\n`);
};
