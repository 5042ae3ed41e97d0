/**
 * The signed-in user's watch region and services: GET → { region, services }; PUT { region?, services? } saves
 * what it is given (an unknown region or service is refused, and nothing is saved).
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { defaultRegion } from '../../../lib/settings.ts';
import { WatchPreferencesBody } from '../../../lib/watch/contract.ts';
import { saveWatchPreferences, watchPreferences } from '../../../lib/watch/preferences.ts';
import { watchRoutes } from '../../../lib/watch/routes.ts';

export const prerender = false;

export const GET = endpoint(watchRoutes.preferences, {
  handler: ({ db, user }) => watchPreferences(db, user.id, defaultRegion()),
});

export const PUT = endpoint(watchRoutes.savePreferences, {
  body: WatchPreferencesBody,
  handler: async ({ db, user, body }) => {
    await saveWatchPreferences(db, user.id, body);
    return { ...await watchPreferences(db, user.id, defaultRegion()), message: 'Your region and services are saved.' };
  },
});
