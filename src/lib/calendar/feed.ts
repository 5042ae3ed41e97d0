/**
 * Each user's private iCal feed. Its URL carries a random token; only the token's SHA-256 is stored (as for the
 * account e-mails' tokens), so the link is shown once, when made. Renewing replaces the hash: the old URL answers
 * 404 at once. Every token is looked up the same way, so a wrong one gets the same 404, by the same path, as an
 * unknown one. The feed is written with ical-generator: all-day events with stable UIDs, escaped and folded text.
 */
import { randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hashToken } from '../accounts/tokens.ts';
import { isoTimestamp } from '../http/respond.ts';
import { episodeCode, FEED_CREATED, type CalendarEntry, type FeedLink } from './contract.ts';
import { calendarRoutes } from './routes.ts';
import { addDays, CALENDAR_DAYS_AHEAD, dayString, FEED_DAYS_BEHIND, releasesFor } from './upcoming.ts';

type Db = Kysely<Database>;

const FEED_SUFFIX = '.ics';

export async function feedStatus(db: Db, userId: string): Promise<{ createdAt: string } | null> {
  const row = await db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return row ? { createdAt: isoTimestamp(row.created_at) } : null;
}

/** Makes the user's feed link, replacing any earlier one (which stops working at once). */
export async function renewFeed(db: Db, userId: string, siteOrigin: string): Promise<FeedLink> {
  const token = randomBytes(32).toString('base64url');
  const row = await db.insertInto('calendar_feeds').values({ user_id: userId, token_hash: hashToken(token), created_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ token_hash: eb.ref('excluded.token_hash'), created_at: eb.ref('excluded.created_at') })))
    .returning('created_at').executeTakeFirstOrThrow();
  const url = `${siteOrigin}${calendarRoutes.feed.path.replace('[token]', `${token}${FEED_SUFFIX}`)}`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: isoTimestamp(row.created_at), message: FEED_CREATED };
}

export async function stopFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The user whose feed the URL's token (`<token>.ics`) opens, or null. */
export async function userOfFeedToken(db: Db, token: string): Promise<string | null> {
  const bare = token.endsWith(FEED_SUFFIX) ? token.slice(0, -FEED_SUFFIX.length) : token;
  const row = await db.selectFrom('calendar_feeds').select('user_id').where('token_hash', '=', hashToken(bare)).executeTakeFirst();
  return row?.user_id ?? null;
}

/** The user's feed: the last month's and the coming year's releases, as an iCalendar document. */
export async function feedDocument(db: Db, userId: string, siteOrigin: string, siteName: string, now = new Date()): Promise<string> {
  const today = dayString(now);
  const entries = await releasesFor(db, userId, addDays(today, -FEED_DAYS_BEHIND), addDays(today, CALENDAR_DAYS_AHEAD));
  return icalDocument(entries, siteOrigin, siteName);
}

export function icalDocument(entries: CalendarEntry[], siteOrigin: string, siteName: string): string {
  const host = new URL(siteOrigin).host;
  const calendar = ical({ name: `${siteName} releases`, prodId: { company: siteName, product: 'Release calendar', language: 'EN' }, ttl: 6 * 60 * 60 });
  for (const entry of entries) {
    const url = `${siteOrigin}${entry.href}`;
    const episode = entry.episode;
    calendar.createEvent({
      // Stable across fetches, so a calendar app updates an event instead of adding it again.
      id: episode ? `tv-${entry.tmdbId}-s${episode.season}e${episode.number}@${host}` : `movie-${entry.tmdbId}@${host}`,
      start: new Date(`${entry.date}T00:00:00Z`),
      allDay: true,
      summary: episode ? `${entry.title} ${episodeCode(episode.season, episode.number)}${episode.name ? `: ${episode.name}` : ''}` : `${entry.title} (release)`,
      description: `${episode ? 'New episode' : 'Release'} of ${entry.title}, from your lists on ${siteName}.\n${url}`,
      url,
    });
  }
  return calendar.toString();
}
