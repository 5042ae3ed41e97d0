/** A user's private iCal feed, for calendar apps: the token in the URL is the only key (src/lib/calendar/feed.ts). */
import { siteOrigin } from '../../../lib/accounts/server-env.ts';
import { FEED_NOT_FOUND, FeedParams } from '../../../lib/calendar/contract.ts';
import { feedDocument, userOfFeedToken } from '../../../lib/calendar/feed.ts';
import { calendarRoutes } from '../../../lib/calendar/routes.ts';
import { endpoint } from '../../../lib/http/endpoint.ts';
import { NotFound } from '../../../lib/http/errors.ts';
import { siteName } from '../../../lib/site.ts';

export const prerender = false;

export const GET = endpoint(calendarRoutes.feed, {
  params: FeedParams,
  handler: async ({ db, params, context }) => {
    const userId = await userOfFeedToken(db, params.token);
    if (!userId) throw new NotFound(FEED_NOT_FOUND);
    return new Response(await feedDocument(db, userId, siteOrigin(context), siteName), {
      // Never cached on the way: a renewed link must stop at once.
      headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="releases.ics"', 'Cache-Control': 'private, no-store' },
    });
  },
});
