import { siteOrigin } from '../../../../lib/accounts/server-env.ts';
import { FEED_STOPPED } from '../../../../lib/calendar/contract.ts';
import { renewFeed, stopFeed } from '../../../../lib/calendar/feed.ts';
import { calendarRoutes } from '../../../../lib/calendar/routes.ts';
import { endpoint } from '../../../../lib/http/endpoint.ts';

export const prerender = false;

export const POST = endpoint(calendarRoutes.renewFeed, {
  headers: { 'Cache-Control': 'private, no-store' },
  handler: ({ db, user, context }) => renewFeed(db, user.id, siteOrigin(context)),
});

export const DELETE = endpoint(calendarRoutes.stopFeed, {
  handler: async ({ db, user }) => {
    await stopFeed(db, user.id);
    return { message: FEED_STOPPED };
  },
});
