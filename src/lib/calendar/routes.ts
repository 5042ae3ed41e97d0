/** Routes of the release calendar and its private iCal feed (route.ts). */
import { route } from '../http/route.ts';
import type { CalendarAnswer, FeedLink } from './contract.ts';

export const calendarRoutes = {
  entries: route<{ query: { from?: string }; answer: CalendarAnswer }>()({ method: 'GET', path: '/api/me/calendar', access: 'user' }),
  /** Makes the feed's link, or a new one: the old link stops at once. */
  renewFeed: route<{ answer: FeedLink }>()({ method: 'POST', path: '/api/me/calendar/feed', access: 'user' }),
  stopFeed: route<{ answer: { message: string } }>()({ method: 'DELETE', path: '/api/me/calendar/feed', access: 'user' }),
  /**
   * The feed calendar apps subscribe to: text/calendar, never JSON. The secret token is the only key (`<token>.ics`);
   * a wrong one is a 404 like any unknown one.
   */
  feed: route<{ params: { token: string }; answer: never }>()({ method: 'GET', path: '/api/calendar/[token]', access: 'public' }),
};
