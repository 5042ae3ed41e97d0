/** Routes of the public catalogue: /api/catalog/*, /api/search and the person proxy /api/person/[id] (route.ts). */
import { route } from '../http/route.ts';
import type { PersonDetails } from './contract.ts';
import type { BrowseApiQuery, BrowsePage } from './client/browse-params.ts';
import type { TitleCard } from '../titles/client/cards.ts';
import type { PeopleSort, PersonCard } from './client/people-params.ts';
import type { PlatformPage } from './client/platform-params.ts';
import type { SearchResults } from './client/search-results.ts';

export const catalogRoutes = {
  browse: route<{ query: BrowseApiQuery; answer: BrowsePage<TitleCard> }>()({ method: 'GET', path: '/api/catalog/browse', access: 'public' }),
  people: route<{ query: { sort?: PeopleSort; page?: number }; answer: BrowsePage<PersonCard> }>()({ method: 'GET', path: '/api/catalog/people', access: 'public' }),
  platform: route<{ query: { id: number; page?: number; on?: string; region?: string }; answer: PlatformPage }>()({ method: 'GET', path: '/api/catalog/platform', access: 'public' }),
  search: route<{ query: { query: string }; answer: SearchResults }>()({ method: 'GET', path: '/api/search', access: 'public' }),
  /** The spec's fetch-actor-data: a listed person's details, from TMDB when our row lacks them. */
  person: route<{ params: { id: number }; answer: PersonDetails }>()({ method: 'GET', path: '/api/person/[id]', access: 'public' }),
};
