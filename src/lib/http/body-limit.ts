/**
 * Body limits for every on-demand request, before any route reads a body (src/middleware.ts), so no route can
 * be made to take in more than it would ever accept:
 * - Auth.js's routes (under `authBasePath`) read small forms: at most MAX_AUTH_BODY_BYTES, declared or actually
 *   sent (a chunked body is read, counted, by boundedAuthRequest before Auth.js sees it);
 * - anything else may declare at most `largestBodyBytes`, the largest endpoint cap (a restore's); each endpoint()
 *   then holds its own body to its own cap as it reads it (src/lib/http/endpoint.ts).
 * The middleware passes both in: the HTTP layer knows no domain.
 */
import type { MiddlewareHandler } from 'astro';
import { bodyTooLarge, declaresMoreThan, errorResponse, MAX_JSON_BODY_BYTES, readLimitedBytes } from './endpoint.ts';

export const MAX_AUTH_BODY_BYTES = MAX_JSON_BODY_BYTES;

export interface BodyLimits {
  /** Auth.js's base path (/api/auth). */
  readonly authBasePath: string;
  /** The largest body any endpoint accepts (the restore endpoint's maxBodyBytes). */
  readonly largestBodyBytes: number;
}

/** 413 for a request whose Content-Length is over its path's limit. */
export function bodyLimitGuard({ authBasePath, largestBodyBytes }: BodyLimits): MiddlewareHandler {
  const isAuthPath = (path: string) => path === authBasePath || path.startsWith(`${authBasePath}/`);
  return (context, next) => {
    // A page being prerendered has no request to limit (and reading its headers makes Astro warn once per page).
    if (context.isPrerendered) return next();
    const limit = isAuthPath(context.url.pathname) ? MAX_AUTH_BODY_BYTES : largestBodyBytes;
    return declaresMoreThan(context.request, limit) ? errorResponse(bodyTooLarge(limit)) : next();
  };
}

/** The request with its body read into memory (at most MAX_AUTH_BODY_BYTES) for Auth.js, or the 413 answer. */
export async function boundedAuthRequest(request: Request): Promise<Request | Response> {
  if (!request.body) return request;
  try {
    return new Request(request, { body: await readLimitedBytes(request, MAX_AUTH_BODY_BYTES) });
  } catch (error) {
    return errorResponse(error);
  }
}
