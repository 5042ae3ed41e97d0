/** Browser-safe contract of the release calendar: /api/me/calendar, its private feed link, and the feed itself. */
import { z } from 'astro/zod';
import type { ContentType } from '../titles/client/content-types.ts';

/** `from`: the first day to show, the browser's today (the server's UTC day when absent). */
export const CalendarQuery = z.object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a YYYY-MM-DD date.').optional() });

/** One release: a movie's release day, or a show's episode's air day. */
export interface CalendarEntry {
  /** YYYY-MM-DD. */
  date: string;
  type: ContentType;
  tmdbId: number;
  /** The movie's title, or the show's name. */
  title: string;
  href: string;
  posterPath: string | null;
  /** Shows only. */
  episode: { season: number; number: number; name: string | null } | null;
}

export interface CalendarAnswer {
  entries: CalendarEntry[];
  /** The private feed's state: when its current link was made, or null when the user has none. */
  feed: { createdAt: string } | null;
}

/** The feed's link: shown once, when made (only a hash of its token is kept). */
export interface FeedLink { url: string; webcalUrl: string; createdAt: string; message: string }

export const LOGIN_TO_SEE_CALENDAR = 'Please log in to see your calendar.';
export const NO_RELEASES = 'Nothing coming up for the titles in your My List and Wishlist.';
export const FEED_CREATED = 'Your private feed link is ready. Copy it now: it is shown only once.';
export const FEED_STOPPED = 'Your private feed is off: its link no longer works.';
export const FEED_NOT_FOUND = 'Not found.';

/** "S02E05". */
export const episodeCode = (season: number, number: number) => `S${String(season).padStart(2, '0')}E${String(number).padStart(2, '0')}`;

/** Any text: every token, well-formed or not, takes the same lookup and the same 404. */
export const FeedParams = z.object({ token: z.string() });
