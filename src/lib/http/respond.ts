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
