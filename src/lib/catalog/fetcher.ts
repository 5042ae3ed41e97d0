/**
 * The browser's cache for public catalogue reads, with the spec's policy (section 9): fresh for 5 minutes,
 * no refetch on window focus, 2 retries. Islands create stores from it:
 *
 *   const $page = createCatalogFetcherStore<BrowsePage<TitleCard>>([$url]);   // key parts are joined into the URL
 *
 * A failed response rejects with a CatalogHttpError carrying the status and the body's `error` text;
 * client errors (4xx) are final and not retried.
 */
import { nanoquery } from '@nanostores/query';

export const CATALOG_FRESH_MS = 5 * 60_000;
export const CATALOG_MAX_RETRIES = 2;

export class CatalogHttpError extends Error {
  constructor(readonly status: number, message: string, readonly body: unknown) {
    super(message);
    this.name = 'CatalogHttpError';
  }
}

export async function fetchCatalogJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: unknown } | null)?.error;
    throw new CatalogHttpError(response.status, typeof message === 'string' ? message : `Request failed (${response.status})`, body);
  }
  return body as T;
}

/** Retry delay for the nth retry, or false to stop: network and server errors only, at most twice. */
export function retryDelay(error: unknown, retryCount: number): number | false {
  if (error instanceof CatalogHttpError && error.status < 500) return false;
  return retryCount <= CATALOG_MAX_RETRIES ? 500 * retryCount : false;
}

export const [createCatalogFetcherStore] = nanoquery({
  fetcher: (...parts) => fetchCatalogJson(parts.join('')),
  dedupeTime: CATALOG_FRESH_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: ({ error, retryCount }) => retryDelay(error, retryCount),
});
