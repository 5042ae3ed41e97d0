/** Routes of where to watch (route.ts): a title's providers by region, the regions and their services, a user's choices. */
import { route } from '../http/route.ts';
import type { ContentType } from '../titles/client/content-types.ts';
import type { TitleWatchOffers } from './client/offers.ts';
import type { RegionList, RegionServices, SavedWatchPreferences, WatchPreferences, WatchPreferencesInput } from './contract.ts';

export const watchRoutes = {
  /** Public and cacheable: the same for everyone, so a prerendered title page's island can ask for any region. */
  titleProviders: route<{ params: { type: ContentType; tmdbId: number }; query: { region?: string }; answer: TitleWatchOffers }>()({
    method: 'GET', path: '/api/titles/[type]/[tmdbId]/providers', access: 'public',
  }),
  regions: route<{ answer: RegionList }>()({ method: 'GET', path: '/api/watch/regions', access: 'public' }),
  services: route<{ query: { region?: string }; answer: RegionServices }>()({ method: 'GET', path: '/api/watch/services', access: 'public' }),
  preferences: route<{ answer: WatchPreferences }>()({ method: 'GET', path: '/api/me/watch-preferences', access: 'user' }),
  savePreferences: route<{ body: WatchPreferencesInput; answer: SavedWatchPreferences }>()({
    method: 'PUT', path: '/api/me/watch-preferences', access: 'user',
  }),
};
