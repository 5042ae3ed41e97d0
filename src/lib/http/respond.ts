/** Shared plumbing of the JSON endpoints' answers (src/lib/http/endpoint.ts builds most of them). */

import { trustedProxyHops } from '../settings.ts';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    // The length lets the Node server's compression leave a small answer as it is (compress-on-the-fly.ts).
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(new TextEncoder().encode(text).length), 'Cache-Control': 'no-store', ...headers },
  });
}

export function jsonError(error: string, status = 400): Response {
  return json({ error }, status);
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable right now. Please try again in a few seconds.';
/** Seconds a client should wait before retrying while the database is away (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database is away: 503 with Retry-After, as JSON for the API and plain text for pages. */
export function databaseUnavailable(asJson: boolean): Response {
  const headers = { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) };
  if (asJson) return json({ error: DATABASE_UNAVAILABLE }, 503, headers);
  return new Response(DATABASE_UNAVAILABLE, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** Public catalogue answers may be cached for five minutes (spec). */
export const CACHE_FIVE_MINUTES = { 'Cache-Control': 'public, max-age=300' };

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A timestamp column (a Date, or a string from some drivers) as the ISO text the contracts carry; none stays null. */
export function isoTimestamp(value: Date | string): string;
export function isoTimestamp(value: Date | string | null | undefined): string | null;
export function isoTimestamp(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/**
 * The caller's IP, for rate limits. By default the socket's address as the adapter reports it (@astrojs/netlify
 * takes it from Netlify's context): X-Forwarded-For is then ignored, since any client can write it to dodge the
 * limits. Only with TRUSTED_PROXY_HOPS set is it read, and only the part our own proxies wrote: each proxy appends
 * the address it received the request from, so the client is the entry that many places from the right.
 */
export function clientIp(context: { request: Request; clientAddress?: string }, hops = trustedProxyHops()): string {
  if (hops > 0) {
    const forwarded = (context.request.headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    const client = forwarded[Math.max(0, forwarded.length - hops)];
    if (client) return client;
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    // Astro's clientAddress getter throws when the adapter cannot tell.
    return 'unknown';
  }
}
