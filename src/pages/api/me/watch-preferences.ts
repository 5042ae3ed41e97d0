/**
 * The signed-in user's watch region and services: GET → { region, services }; PUT { region?, services? } saves
 * what it is given (an unknown region or service is refused, and nothing is saved). Wishlist titles the change puts
 * on their services are recorded as already watchable, never mailed (alerts/watchable.ts says why).
 */
import { recordNowOnTheirServices } from '../../../lib/alerts/watchable.ts';
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
    await saveWatchPreferences(db, user.id, body, (trx) => recordNowOnTheirServices(trx, user.id));
    return { ...await watchPreferences(db, user.id, defaultRegion()), message: 'Your region and services are saved.' };
  },
});
