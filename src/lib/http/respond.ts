/** Shared plumbing of the JSON endpoints' answers (src/lib/http/endpoint.ts builds most of them). */

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function jsonError(error: string, status = 400): Response {
  return json({ error }, status);
}

/** Public catalogue answers may be cached for five minutes (spec). */
export const CACHE_FIVE_MINUTES = { 'Cache-Control': 'public, max-age=300' };

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The caller's IP, for rate limits, as the adapter reports it (@astrojs/netlify takes it from Netlify's context).
 * Client-supplied headers such as X-Forwarded-For are never trusted: they would let anyone dodge the limits.
 */
export function clientIp(context: { request: Request; clientAddress?: string }): string {
  try {
    return context.clientAddress || 'unknown';
  } catch {
    // Astro's clientAddress getter throws when the adapter cannot tell.
    return 'unknown';
  }
}
