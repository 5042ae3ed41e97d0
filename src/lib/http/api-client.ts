/**
 * The browser's one way to call the JSON API (src/pages/api/**): a call resolves with the typed answer or rejects
 * with an ApiError carrying the status and the server's `error` text (every refusal answers `{ error }`, see
 * endpoint.ts). Callers show the spec's own message, or this text where the spec says so.
 *
 *   const state = await apiRequest<TitleState>(`/api/me/title-state?${params}`);
 *   await apiRequest('/api/me/lists', { method: 'POST', body: { list, type, tmdbId } });
 */
import type { ApiErrorBody } from './contract.ts';

export class ApiError extends Error {
  /** The server's `error` text, or null when it gave none (then the message says the status). */
  readonly serverText: string | null;

  constructor(readonly status: number, serverText: string | null, readonly body: unknown = null) {
    super(serverText || `Request failed (${status}).`);
    this.name = 'ApiError';
    this.serverText = serverText || null;
  }
}

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
}

export async function apiRequest<T>(url: string, { method = 'GET', body }: ApiCall = {}): Promise<T> {
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
  return answer as T;
}

/** The text to show for a failed call (or any error): its message, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
