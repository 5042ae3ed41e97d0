/**
 * The list island of /movies, /tv-shows and category pages: Genre / Sort / Year filters, a grid of 48 per
 * page and Previous / Next. Filters live in the page URL (?genre=&sort=&year=&page=). The prerendered first
 * page (default filters) comes as `initial`; everything else is read from /api/catalog/browse through the
 * shared catalogue cache. A page out of range keeps the list on screen; other errors empty it (spec section 8).
 * The filter controls are named as their URL parameters, so a choice made before hydration is applied like one
 * made after it. "Only on my services" (?on=&region=) fills the URL from the viewer's services (OnlyMyServices.tsx).
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef, useState } from 'react';
import type { TitleCard } from '../../lib/titles/client/cards.ts';
import {
  BROWSE_SKELETONS, browseApiQuery, browseSearchParams, changeFilters, defaultFilters, genreOptions, isDefaultFilters,
  parseBrowseParams, sortOptions, yearOptions, type BrowseFilters, type BrowseMode, type BrowsePage, type BrowseScope,
} from '../../lib/catalog/client/browse-params.ts';
import { createCatalogFetcherStore } from '../../lib/catalog/client/fetcher.ts';
import { catalogRoutes } from '../../lib/catalog/routes.ts';
import { ApiError } from '../../lib/http/api-client.ts';
import { urlOf, type AnswerOf } from '../../lib/http/route.ts';
import { usePreHydrationChanges } from '../../lib/islands/client/pre-hydration.ts';
import TitleCardView from './TitleCardView.tsx';
import OnlyMyServices from '../watch/OnlyMyServices.tsx';

interface Props {
  scope: BrowseScope;
  mode: BrowseMode;
  initial: BrowsePage<TitleCard>;
  emptyMessage: string;
  /** Accessible name of the grid, e.g. 'Movies'. */
  label: string;
}

type Shown = { result: BrowsePage<TitleCard>; filters: BrowseFilters };

export default function BrowseGrid({ scope, mode, initial, emptyMessage, label }: Props) {
  const [filters, setFilters] = useState(() => defaultFilters(mode));
  const [$url] = useState(() => atom<string | null>(null));
  const [store] = useState(() => createCatalogFetcherStore<AnswerOf<typeof catalogRoutes.browse>>([$url]));
  const { data, error, loading } = useStore(store);
  const lastShown = useRef<Shown>({ result: initial, filters: defaultFilters(mode) });
  const top = useRef<HTMLDivElement>(null);
  const { id: filtersId, changed: changedBeforeHydration } = usePreHydrationChanges();

  // The URL is the source of truth: read it on hydration and on back/forward.
  useEffect(() => {
    const fromUrl = filtersInUrl(mode);
    if (changedBeforeHydration.size > 0) {
      const next = withControls(fromUrl, mode, changedBeforeHydration);
      setFilters(next);
      writeUrl(next, mode, 'push');
    } else {
      setFilters(fromUrl);
    }
    const onPopState = () => setFilters(filtersInUrl(mode));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
    // Pre-hydration changes are read once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  const onDefaults = isDefaultFilters(filters, mode);
  useEffect(() => {
    $url.set(onDefaults ? null : urlOf(catalogRoutes.browse, { query: browseApiQuery(scope, filters) }));
  }, [$url, onDefaults, scope.type, scope.genreId, filters]);

  const outOfRange = !onDefaults && error instanceof ApiError && error.status === 416;
  useEffect(() => {
    if (!outOfRange) return;
    // Keep what is on screen, and say so in the URL.
    setFilters(lastShown.current.filters);
    writeUrl(lastShown.current.filters, mode, 'replace');
  }, [outOfRange, mode]);
  useEffect(() => {
    if (error && !outOfRange) console.error('Could not load the list', error);
  }, [error, outOfRange]);

  let shown: Shown | null = null;
  if (onDefaults) shown = { result: initial, filters };
  else if (data && !loading && !error) shown = { result: data, filters };
  else if (outOfRange) shown = lastShown.current;
  if (shown) lastShown.current = shown;
  const failed = Boolean(error) && !outOfRange;

  const show = (next: BrowseFilters, pageTurned: boolean) => {
    setFilters(next);
    writeUrl(next, mode, 'push');
    if (pageTurned) top.current?.scrollIntoView({ block: 'start' });
  };
  const turnPage = (page: number) => show(changeFilters(filters, { page }), true);

  const result = shown?.result;
  const page = shown?.filters.page ?? filters.page;
  return (
    <div className="browse" ref={top}>
      <div id={filtersId}>
        <Filters scope={scope} mode={mode} filters={filters}
          onChange={(name, value) => show(withControls(filtersInUrl(mode), mode, [[name, value]]), false)} />
        <OnlyMyServices filter={filters.services ?? null}
          onChange={(services) => show(changeFilters(filtersInUrl(mode), { services }), false)} />
      </div>
      {failed || (result && result.items.length === 0) ? (
        <p className="browse-empty">{emptyMessage}</p>
      ) : !result ? (
        <ul className="title-grid" aria-busy="true" aria-label={`Loading ${label}`}>
          {Array.from({ length: BROWSE_SKELETONS }, (_, i) => <li key={i} className="skeleton-card" />)}
        </ul>
      ) : (
        <ul className="title-grid" aria-label={label}>
          {result.items.map((card) => <li key={`${card.type}-${card.tmdbId}`}><TitleCardView card={card} /></li>)}
        </ul>
      )}
      {result && !failed && result.totalPages > 0 && (
        <nav className="browse-pagination" aria-label="Pagination">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => turnPage(page - 1)}>Previous</button>
          <span aria-live="polite">Page {page} of {result.totalPages}</span>
          <button type="button" className="btn" disabled={page >= result.totalPages} onClick={() => turnPage(page + 1)}>Next</button>
        </nav>
      )}
    </div>
  );
}

/**
 * The filters the page's URL holds. Every change writes the URL at once, so a change starts from here: a choice made
 * after hydration but before the island has read the URL (state still at the defaults) keeps the URL's other filters.
 */
function filtersInUrl(mode: BrowseMode): BrowseFilters {
  return parseBrowseParams(new URLSearchParams(window.location.search), mode);
}

/** The filters with controls (named as URL parameters) set to new values, read the way the URL is read. */
function withControls(filters: BrowseFilters, mode: BrowseMode, controls: Iterable<[name: string, value: string]>): BrowseFilters {
  const params = browseSearchParams(filters, mode);
  for (const [name, value] of controls) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const { page: _page, ...change } = parseBrowseParams(params, mode);
  return changeFilters(filters, change);
}

function writeUrl(filters: BrowseFilters, mode: BrowseMode, how: 'push' | 'replace') {
  const query = browseSearchParams(filters, mode).toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (url === `${window.location.pathname}${window.location.search}`) return;
  if (how === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

interface FiltersProps {
  scope: BrowseScope;
  mode: BrowseMode;
  filters: BrowseFilters;
  onChange: (name: string, value: string) => void;
}

function Filters({ scope, mode, filters, onChange }: FiltersProps) {
  const change = (event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.target.name, event.target.value);
  return (
    // A group, not a form: each choice applies at once, so there is nothing to submit.
    <div className="browse-filters" role="group" aria-label="Filters">
      {mode === 'titles' && (
        <label>
          Genre
          <select name="genre" value={filters.genreIds[0] ?? ''} onChange={change}>
            <option value="">All Genres</option>
            {genreOptions(scope.type).map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
          </select>
        </label>
      )}
      <label>
        Sort
        <select name="sort" value={filters.sort} onChange={change}>
          {sortOptions(mode).map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </label>
      <label>
        Year
        <select name="year" value={filters.year ?? ''} onChange={change}>
          <option value="">All Years</option>
          {yearOptions().map((year) => <option key={year} value={year}>{year}</option>)}
        </select>
      </label>
    </div>
  );
}
