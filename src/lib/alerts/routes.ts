/** Routes of Wishlist alerts: the opt-in on the profile, and the mail's unsubscribe (route.ts). */
import { route } from '../http/route.ts';
import type { AlertSettings, AlertSettingsInput } from './contract.ts';

export const alertRoutes = {
  settings: route<{ answer: AlertSettings }>()({ method: 'GET', path: '/api/me/alerts', access: 'user' }),
  save: route<{ body: AlertSettingsInput; answer: AlertSettings }>()({ method: 'PUT', path: '/api/me/alerts', access: 'user' }),
  /**
   * The unsubscribe page's form (a signed token, no session needed): a redirect to the page saying it is done, never
   * JSON on success.
   */
  unsubscribe: route<{ answer: never }>()({ method: 'POST', path: '/api/alerts/unsubscribe', access: 'public' }),
};
