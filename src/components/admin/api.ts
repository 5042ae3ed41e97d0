/** Browser-side calls to the admin endpoints: JSON in and out; a failed call throws the server's `error` text. */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly body: unknown) {
    super(message);
  }
}

export async function api<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const data: unknown = await response.json().catch(() => null);
  const error = data && typeof data === 'object' && 'error' in data ? (data as { error?: unknown }).error : null;
  if (!response.ok || (typeof error === 'string' && error)) {
    throw new ApiError(typeof error === 'string' && error ? error : `Request failed (${response.status}).`, response.status, data);
  }
  return data as T;
}

export function detailOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface Page<T> { items: T[]; total: number; page: number; pageSize: number }
