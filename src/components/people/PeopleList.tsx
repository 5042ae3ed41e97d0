/**
 * The people list island: two columns of person cards, 24 at a time with infinite scroll, sorted by
 * Popularity or alphabetically. A sort change clears the list and restarts at page 1 (spec section 4).
 */
import { useCallback, useEffect, useState } from 'react';
import type { BrowsePage } from '../../lib/catalog/client/browse-params.ts';
import {
  PEOPLE_EMPTY_MESSAGE, PEOPLE_SORT_OPTIONS, personHref, type PeopleSort, type PersonCard,
} from '../../lib/catalog/client/people-params.ts';
import { catalogRoutes } from '../../lib/catalog/routes.ts';
import { usePreHydrationChanges } from '../../lib/islands/client/pre-hydration.ts';
import ArtworkView from '../catalog/ArtworkView.tsx';
import { useInfinitePages } from '../catalog/useInfinitePages.ts';

interface Props { initial: BrowsePage<PersonCard>; initialSort: PeopleSort }

export default function PeopleList({ initial, initialSort }: Props) {
  const [sort, setSort] = useState<PeopleSort>(initialSort);
  const { id, changed } = usePreHydrationChanges();
  // A sort chosen before hydration: the prerendered list is for the initial sort, so switch once mounted.
  useEffect(() => {
    const chosen = PEOPLE_SORT_OPTIONS.find((option) => option.value === changed.get('sort'));
    if (chosen) setSort(chosen.value);
  }, [changed]);
  const queryOf = useCallback((page: number) => ({ sort, page }), [sort]);
  const { pages, loading, failed, sentinel } = useInfinitePages(catalogRoutes.people, sort, queryOf, { key: initialSort, page: initial });
  const people = pages.flatMap((page) => page.items);

  return (
    <div id={id} className="people-browser">
      <label className="people-sort">
        Sort by
        <select name="sort" value={sort} onChange={(event) => setSort(event.target.value as PeopleSort)}>
          {PEOPLE_SORT_OPTIONS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </label>
      {failed || (!loading && people.length === 0) ? (
        <p className="browse-empty">{PEOPLE_EMPTY_MESSAGE}</p>
      ) : (
        <ul className="people-grid" aria-label="People" aria-busy={loading}>
          {people.map((person) => <li key={person.id}><PersonCardView person={person} /></li>)}
          {loading && Array.from({ length: 8 }, (_, i) => <li key={`skeleton-${i}`} className="skeleton-card person-skeleton" />)}
        </ul>
      )}
      <div ref={sentinel as React.RefObject<HTMLDivElement>} className="infinite-sentinel" aria-hidden="true" />
    </div>
  );
}

function PersonCardView({ person }: { person: PersonCard }) {
  return (
    <a className="person-card" href={personHref(person)}>
      <ArtworkView path={person.profilePath} size="w185" alt="" width={185} height={278} />
      <span className="person-card-text">
        <span className="person-card-name">{person.name}</span>
        {person.department && <span className="person-card-meta">{person.department}</span>}
      </span>
    </a>
  );
}
