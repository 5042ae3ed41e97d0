import { CalendarQuery } from '../../../lib/calendar/contract.ts';
import { feedStatus } from '../../../lib/calendar/feed.ts';
import { calendarRoutes } from '../../../lib/calendar/routes.ts';
import { addDays, CALENDAR_DAYS_AHEAD, dayString, releasesFor } from '../../../lib/calendar/upcoming.ts';
import { endpoint } from '../../../lib/http/endpoint.ts';

export const prerender = false;

export const GET = endpoint(calendarRoutes.entries, {
  query: CalendarQuery,
  headers: { 'Cache-Control': 'private, no-store' },
  handler: async ({ db, user, query }) => {
    const from = query.from ?? dayString(new Date());
    const [entries, feed] = await Promise.all([releasesFor(db, user.id, from, addDays(from, CALENDAR_DAYS_AHEAD)), feedStatus(db, user.id)]);
    return { entries, feed };
  },
});
