/**
 * The /search island: its own search field (prefilled with ?query=; a submit updates the results and the URL),
 * searches only non-blank text, shows 12 skeletons while loading.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createCatalogFetcherStore } from '../../lib/catalog/client/fetcher.ts';
import { personHref } from '../../lib/catalog/client/people-params.ts';
import type { PersonResult } from '../../lib/catalog/client/search-results.ts';
import { catalogRoutes } from '../../lib/catalog/routes.ts';
import { urlOf, type AnswerOf } from '../../lib/http/route.ts';
import { usePreHydrationChanges } from '../../lib/islands/client/pre-hydration.ts';
import TitleCardView from '../browse/TitleCardView.tsx';
import ArtworkView from '../catalog/ArtworkView.tsx';

export const SEARCH_SKELETONS = 12;
export const SEARCH_PROMPT = 'Start typing to search your favorite shows and movies.';

function readQuery(): string {
  return new URLSearchParams(window.location.search).get('query') ?? '';
}

export default function SearchResults() {
  const [query, setQuery] = useState<string | null>(null);
  useEffect(() => {
    setQuery(readQuery());
    const onPop = () => setQuery(readQuery());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const trimmed = query?.trim() ?? '';
  const search = (text: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('query', text);
    history.pushState(null, '', url);
    setQuery(text);
  };
  return (
    <>
      <SearchField query={trimmed} onSearch={search} />
      {query === null ? <Skeletons />
        : !trimmed ? <><h1 className="visually-hidden">Search</h1><p className="search-prompt">{SEARCH_PROMPT}</p></>
        : <Results query={trimmed} />}
    </>
  );
}

/**
 * The page's own field (spec: 'Search by title...'); blank text searches nothing, as in the header. Text typed before
 * the island hydrated (a phone's Search link lands here) is kept.
 */
function SearchField({ query, onSearch }: { query: string; onSearch(text: string): void }) {
  const { id, changed } = usePreHydrationChanges();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  useEffect(() => {
    const typed = changed.get('query');
    if (typed !== undefined) setText(typed);
  }, [changed]);
  return (
    <form id={id} className="search-page-form" role="search" aria-label="Search the catalogue" onSubmit={(event) => {
      event.preventDefault();
      if (text.trim()) onSearch(text.trim());
    }}>
      <input type="search" name="query" aria-label="Search titles" placeholder="Search by title..." autoComplete="off"
        value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className="btn btn-primary">Search</button>
    </form>
  );
}

function Results({ query }: { query: string }) {
  const store = useMemo(
    () => createCatalogFetcherStore<AnswerOf<typeof catalogRoutes.search>>([urlOf(catalogRoutes.search, { query: { query } })]),
    [query],
  );
  const { data, error, loading } = useStore(store);
  useEffect(() => {
    if (error) console.error('Search failed', error);
  }, [error]);
  const titles = data?.titles ?? [];
  const people = data?.people ?? [];
  const waiting = loading || (!data && !error);
  return (
    <section aria-labelledby="search-heading">
      <h1 id="search-heading" className="search-heading">Results for "{query}"</h1>
      {waiting ? <Skeletons /> : titles.length === 0 && people.length === 0 ? (
        <p className="search-empty">No results found for "{query}".</p>
      ) : (
        <>
          {titles.length > 0 && (
            <ul className="title-grid" aria-label="Movies and TV shows">
              {titles.map((card) => <li key={`${card.type}-${card.tmdbId}`}><TitleCardView card={card} showType /></li>)}
            </ul>
          )}
          {people.length > 0 && (
            <>
              <h2 className="search-subheading">People</h2>
              <ul className="title-grid" aria-label="People">
                {people.map((person) => <li key={person.id}><PersonCard person={person} /></li>)}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

function Skeletons() {
  return (
    <ul className="title-grid" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: SEARCH_SKELETONS }, (_, i) => <li key={i} className="skeleton-card" />)}
    </ul>
  );
}

function PersonCard({ person }: { person: PersonResult }) {
  return (
    <a className="title-card" href={personHref(person)}>
      <ArtworkView path={person.profilePath} size="w300" alt={person.name} width={300} height={450} />
      <span className="title-card-name">{person.name}</span>
      {person.knownForDepartment && <span className="title-card-meta">{person.knownForDepartment}</span>}
    </a>
  );
}
