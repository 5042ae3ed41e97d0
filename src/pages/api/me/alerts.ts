import { AlertSettingsBody } from '../../../lib/alerts/contract.ts';
import { alertRoutes } from '../../../lib/alerts/routes.ts';
import { alertSettings, setWishlistAlerts } from '../../../lib/alerts/subscriptions.ts';
import { endpoint } from '../../../lib/http/endpoint.ts';

export const prerender = false;

export const GET = endpoint(alertRoutes.settings, {
  handler: ({ db, user }) => alertSettings(db, user.id),
});

export const PUT = endpoint(alertRoutes.save, {
  body: AlertSettingsBody,
  handler: ({ db, user, body }) => setWishlistAlerts(db, user.id, body.wishlistAlerts),
});
