/**
 * The browser's one way to call the JSON API: `call(route, input)` with a route of a domain's routes.ts resolves
 * with that route's answer type, or rejects with an ApiError carrying the status and the server's `error` text
 * (every refusal answers `{ error }`, see endpoint.ts). Callers show the spec's own message, or this text where the
 * spec says so.
 *
 *   const { items } = await call(listRoutes.items, { query: { list: 'wishlist' } });
 *   await call(listRoutes.add, { body: { list, type, tmdbId } });
 */
import type { ApiErrorBody } from './contract.ts';
import { urlOf, type AnswerOf, type InputOf, type Route } from './route.ts';

export class ApiError extends Error {
  /** The server's `error` text, or null when it gave none (then the message says the status). */
  readonly serverText: string | null;

  constructor(readonly status: number, serverText: string | null, readonly body: unknown = null) {
    super(serverText || `Request failed (${status}).`);
    this.name = 'ApiError';
    this.serverText = serverText || null;
  }
}

/** The input argument is optional exactly when the route takes nothing that is required. */
type InputArgument<R extends Route> = {} extends InputOf<R> ? [input?: InputOf<R>] : [input: InputOf<R>];

export function call<R extends Route>(route: R, ...[input]: InputArgument<R>): Promise<AnswerOf<R>> {
  const { body } = (input ?? {}) as { body?: unknown };
  return request(route.method, urlOf(route, input), body) as Promise<AnswerOf<R>>;
}

/** GET of a URL made by urlOf(): for caches keyed by URL (the catalogue fetcher store). */
export const getUrl = (url: string): Promise<unknown> => request('GET', url, undefined);

async function request(method: Route['method'], url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Read the answer even when unused: an unread body keeps the request open in some browsers.
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok || answer === null) {
    const error = (answer as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(response.status, typeof error === 'string' ? error : null, answer);
  }
  return answer;
}

/** The text to show for a failed call (or any error): its message, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
