/**
 * View tracking (spec sections 4 and 7): once per visitor and day a view event (country, device type) is recorded,
 * and a title's view_count goes up when its page loads, once per visitor, title and day: a movie when it has a
 * stream link (spec), a published show always. The server decides what was already counted (view_dedupe, keyed by
 * a keyed hash of the client's network: visitor-key.ts), so fresh cookies or a script re-posting count nothing twice;
 * a rate limit per client and per IPv6 /48 bounds the work and the rows one client can cause.
 */
import { sql, type Kysely } from 'kysely';
import UAParser from 'ua-parser-js';
import type { Database } from '../../../db/schema.ts';
import type { TitleCounts, ViewTracked } from './contract.ts';
import { ratingCount } from '../ratings/ratings.ts';
import { NotFound, TooManyRequests } from '../http/errors.ts';
import { titleKey } from '../titles/client/cards.ts';
import { titleKind, TITLE_KINDS } from '../titles/title-kinds.ts';
import type { TitleRef } from '../personal/contract.ts';
import { clientRateLimits, hitRateLimits, type ClientRateLimit } from '../accounts/rate-limit.ts';
import { visitorKey } from './visitor-key.ts';
import { MESSAGES } from '../accounts/client/messages.ts';
import { onNetlify } from '../settings.ts';

type Db = Kysely<Database>;

/** Page loads per client: generous for people (and NAT'd offices) browsing, a wall for a script. */
export const VIEWS_PER_IP: ClientRateLimit = { perClient: 120, perNetwork: 1200, windowMs: 10 * 60_000 };
/** view_events rows older than this are rolled up into view_event_days: longer than the longest finite period. */
export const VIEW_EVENTS_RETENTION_DAYS = 366;
/** The view_dedupe subject of the per-visitor view event, next to title keys. */
const SESSION = 'session';

export interface ViewContext {
  /** The client's address (http/respond.ts clientIp). */
  clientIp: string;
  country: string;
  deviceType: string;
}

/**
 * Records a page load. Refused (429, nothing written but the rate-limit hit) past VIEWS_PER_IP; otherwise the
 * day's first call from this client records a view event and each title counts once per client and day.
 */
export async function recordView(db: Db, title: TitleRef | null, context: ViewContext): Promise<ViewTracked> {
  if (!(await hitRateLimits(db, clientRateLimits('view', context.clientIp, VIEWS_PER_IP)))) throw new TooManyRequests(MESSAGES.tooManyAttempts);
  const visitor = visitorKey(context.clientIp);
  const tracked = await firstToday(db, visitor, SESSION);
  if (tracked) {
    await db.insertInto('view_events').values({
      content_type: title?.type ?? null, content_tmdb_id: title?.tmdbId ?? null, country: context.country, device_type: context.deviceType,
    }).execute();
    // The client's first visit today: a cheap moment to keep both tables bounded.
    await pruneViewTables(db);
  }
  const counted = title !== null && (await firstToday(db, visitor, titleKey(title))) && (await countView(db, title));
  const counts = title ? await currentCounts(db, title) : null;
  return { tracked, counted, viewCount: counts?.viewCount ?? null, ratingCount: counts?.ratingCount ?? null };
}

/** Marks (visitor, subject) as seen today; true only for the first call, even when calls race. */
async function firstToday(db: Db, visitor: string, subject: string): Promise<boolean> {
  const row = await db.insertInto('view_dedupe').values({ client_key: visitor, subject })
    .onConflict((oc) => oc.columns(['client_key', 'subject', 'day']).doNothing())
    .returning('subject').executeTakeFirst();
  return row !== undefined;
}

/** Drops earlier days' dedupe rows and rolls view events past the retention up per day, country and device. */
export async function pruneViewTables(db: Db): Promise<void> {
  await db.deleteFrom('view_dedupe').where(sql<boolean>`day < (now() AT TIME ZONE 'UTC')::date`).execute();
  await sql`
    WITH moved AS (
      DELETE FROM view_events WHERE occurred_at < now() - make_interval(days => ${VIEW_EVENTS_RETENTION_DAYS})
      RETURNING occurred_at, country, device_type
    )
    INSERT INTO view_event_days (day, country, device_type, views)
    SELECT (occurred_at AT TIME ZONE 'UTC')::date, country, device_type, count(*) FROM moved GROUP BY 1, 2, 3
    ON CONFLICT (day, country, device_type) DO UPDATE SET views = view_event_days.views + excluded.views
  `.execute(db);
}

/** One more view of a published title (a movie only with a stream link); false when nothing was counted. */
async function countView(db: Db, title: TitleRef): Promise<boolean> {
  const result = title.type === 'movie'
    ? await db.updateTable(TITLE_KINDS.movie.table).set({ view_count: sql`view_count + 1` })
      .where('tmdb_id', '=', title.tmdbId).where('is_published', '=', true).where('stream_url', 'is not', null).executeTakeFirst()
    : await db.updateTable(TITLE_KINDS.tv.table).set({ view_count: sql`view_count + 1` })
      .where('tmdb_id', '=', title.tmdbId).where('is_published', '=', true).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A published title's counts right now, or null when there is no such title. */
async function currentCounts(db: Db, title: TitleRef): Promise<TitleCounts | null> {
  const [row, ratings] = await Promise.all([
    db.selectFrom(titleKind(title.type).table).select('view_count')
      .where('tmdb_id', '=', title.tmdbId).where('is_published', '=', true).executeTakeFirst(),
    ratingCount(db, title),
  ]);
  return row ? { viewCount: Number(row.view_count), ratingCount: ratings } : null;
}

/** GET /api/events/view-count: what the title page shows once its facts scroll into view. */
export async function countsOf(db: Db, title: TitleRef): Promise<TitleCounts> {
  const counts = await currentCounts(db, title);
  if (counts === null) throw new NotFound(titleKind(title.type).notFoundMessage);
  return counts;
}

/** 'mobile', 'tablet', 'smarttv', ... as ua-parser-js names them; 'desktop' when it names none. */
export function deviceTypeOf(userAgent: string | null): string {
  return new UAParser(userAgent ?? '').getDevice().type ?? 'desktop';
}

interface NetlifyGeoLocals {
  netlify?: { context?: { geo?: { country?: { code?: string } } } };
}

/**
 * The visitor's country code, only from what the platform vouches for: Netlify's geolocation (locals, or the
 * x-nf-geo header when running on Netlify, which sets it; not any Lambda host), else 'Unknown'. Client-controlled headers
 * (x-country, Accept-Language) would let anyone forge the analytics.
 */
export function countryOf(request: Request, locals: unknown): string {
  const fromLocals = (locals as NetlifyGeoLocals | undefined)?.netlify?.context?.geo?.country?.code;
  const fromHeader = onNetlify() ? netlifyGeoHeader(request.headers.get('x-nf-geo')) : undefined;
  const code = [fromLocals, fromHeader].find((value) => value && /^[A-Za-z]{2}$/.test(value.trim()));
  return code ? code.trim().toUpperCase() : 'Unknown';
}

function netlifyGeoHeader(header: string | null): string | undefined {
  if (!header) return undefined;
  try {
    const geo = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { country?: { code?: string } };
    return geo.country?.code;
  } catch {
    return undefined;
  }
}

