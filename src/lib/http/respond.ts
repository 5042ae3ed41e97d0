/** Shared plumbing of the JSON endpoints: answers, errors and validated JSON bodies. */
import { z } from 'astro/zod';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function jsonError(error: string, status = 400): Response {
  return json({ error }, status);
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Reads a JSON body (Content-Type application/json only: part of the CSRF defence) and validates it. */
export async function readJson<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<Parsed<z.infer<T>>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: jsonError('Content-Type must be application/json.', 415) };
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, response: jsonError('The request body is not valid JSON.') };
  }
  return validate(schema, body);
}

export function validate<T extends z.ZodTypeAny>(schema: T, value: unknown): Parsed<z.infer<T>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: jsonError(describeIssues(result.error)) };
}

export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * How many reverse proxies of our own sit in front of the server (TRUSTED_PROXY_HOPS, default 0). Each appends the
 * address it received the request from to X-Forwarded-For, so the client is the entry that many places from the
 * right; anything further left was written by the client and could be anything.
 */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/**
 * The caller's IP, for rate limits. By default the socket's address as the adapter reports it (@astrojs/netlify
 * takes it from Netlify's context): X-Forwarded-For is then ignored, since any client can write it to dodge the
 * limits. Only with TRUSTED_PROXY_HOPS set is it read, and only the part our own proxies wrote.
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
