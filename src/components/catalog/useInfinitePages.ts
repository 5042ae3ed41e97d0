/**
 * Infinite scroll over a paged catalogue route, read through the shared catalogue cache (fetcher.ts);
 * `queryOf(page)` is the route's query for a page. `listKey` names what is listed (a sort, a platform): when it
 * changes, the list is cleared and restarts at page 1. The prerendered first page comes as `initial` for its own
 * key. The next page loads when the sentinel element (placed after the list) comes near the viewport.
 */
import { useEffect, useRef, useState } from 'react';
import type { BrowsePage } from '../../lib/catalog/client/browse-params.ts';
import { createCatalogFetcherStore } from '../../lib/catalog/client/fetcher.ts';
import { urlOf, type QueryValue, type Route } from '../../lib/http/route.ts';

interface Loaded<P> { key: string; pages: P[]; failed: boolean }

export interface InfinitePages<P> {
  pages: P[];
  /** The first page is still loading. */
  loading: boolean;
  /** The first page could not be loaded. */
  failed: boolean;
  /** Ref for the element after the list whose visibility asks for the next page. */
  sentinel: React.RefObject<HTMLLIElement | HTMLDivElement | null>;
}

async function readPage<P>(url: string): Promise<P> {
  const result = await createCatalogFetcherStore<P>([url]).fetch();
  if ('error' in result) throw result.error;
  return result.data;
}

export function useInfinitePages<Q extends Record<string, QueryValue>, P extends BrowsePage<unknown>>(
  route: Route<{ query: Q; answer: P }>,
  listKey: string,
  queryOf: (page: number) => Q,
  initial: { key: string; page: P } | null,
): InfinitePages<P> {
  const startFor = (key: string): Loaded<P> => ({ key, pages: initial?.key === key ? [initial.page] : [], failed: false });
  const [loaded, setLoaded] = useState<Loaded<P>>(() => startFor(listKey));
  const [nearEnd, setNearEnd] = useState(false);
  // Bumped after each page lands: observing again yields a fresh reading of where the sentinel is now, so a
  // reading taken before the page rendered (the sentinel was near while the list was short) loads nothing more.
  const [observation, setObservation] = useState(0);
  const sentinel = useRef<HTMLLIElement | HTMLDivElement | null>(null);
  const requested = useRef<string | null>(null);

  const current = loaded.key === listKey ? loaded : startFor(listKey);
  if (current !== loaded) setLoaded(current);
  const last = current.pages.at(-1);
  const finished = current.failed || (last !== undefined && last.page >= last.totalPages);
  const nextPage = last ? last.page + 1 : 1;

  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    // Several changes can arrive in one callback; the last one is the current state.
    const observer = new IntersectionObserver((entries) => setNearEnd(Boolean(entries.at(-1)?.isIntersecting)), { rootMargin: '600px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [observation]);

  useEffect(() => {
    if (finished || (!nearEnd && current.pages.length > 0)) return;
    const url = urlOf(route, { query: queryOf(nextPage) });
    if (requested.current === url) return;
    requested.current = url;
    readPage<P>(url).then(
      (page) => {
        setLoaded((state) => (state.key === listKey && state.pages.length === nextPage - 1 ? { ...state, pages: [...state.pages, page] } : state));
        setNearEnd(false);
        setObservation((count) => count + 1);
      },
      (error: unknown) => {
        console.error('Could not load the list', error);
        // A failed first page empties the list (spec section 8); a failed later page keeps what is shown.
        setLoaded((state) => (state.key === listKey ? { ...state, failed: state.pages.length === 0 || state.failed } : state));
        if (nextPage > 1) requested.current = null;
      },
    );
  }, [route, listKey, nextPage, nearEnd, finished, current.pages.length, queryOf]);

  return { pages: current.pages, loading: current.pages.length === 0 && !current.failed, failed: current.failed, sentinel };
}
