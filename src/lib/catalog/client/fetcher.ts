/**
 * The browser's cache for public catalogue reads, with the spec's policy (section 9): fresh for 5 minutes,
 * no refetch on window focus, 2 retries. Islands create stores from it:
 *
 *   const $url = atom<string | null>(urlOf(catalogRoutes.browse, { query }));    // the key: a URL made by urlOf()
 *   const $page = createCatalogFetcherStore<AnswerOf<typeof catalogRoutes.browse>>([$url]);
 *
 * A failed response rejects with an ApiError (src/lib/http/api-client.ts) carrying the status and the body's
 * `error` text; client errors (4xx) are final and not retried.
 */
import { nanoquery } from '@nanostores/query';
import { ApiError, getUrl } from '../../http/api-client.ts';

export const CATALOG_FRESH_MS = 5 * 60_000;
export const CATALOG_MAX_RETRIES = 2;

/** Retry delay for the nth retry, or false to stop: network and server errors only, at most twice. */
export function retryDelay(error: unknown, retryCount: number): number | false {
  if (error instanceof ApiError && error.status < 500) return false;
  return retryCount <= CATALOG_MAX_RETRIES ? 500 * retryCount : false;
}

export const [createCatalogFetcherStore] = nanoquery({
  fetcher: (...parts) => getUrl(parts.join('')),
  dedupeTime: CATALOG_FRESH_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: ({ error, retryCount }) => retryDelay(error, retryCount),
});
