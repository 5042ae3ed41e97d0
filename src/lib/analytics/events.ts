/**
 * View tracking (spec sections 4 and 7): once per browser session a view event (country, device type) is
 * recorded, and a movie's view_count goes up when its page loads with a stream link, once per session and title.
 * "Session" is a browser-session cookie listing what was already counted, so reloading counts nothing twice.
 */
import { sql, type Kysely } from 'kysely';
import UAParser from 'ua-parser-js';
import type { Database } from '../../../db/schema.ts';
import { titleKey } from '../personal/titles.ts';
import type { TitleRef } from '../personal/contract.ts';

type Db = Kysely<Database>;


export const VIEWS_COOKIE = 'cc_views';
/** Marks the session's track-view as done, next to the title keys. */
const TRACKED = 'session';
/** Bounds the cookie: older keys fall off (worst case a title is counted again in a very long session). */
const MAX_REMEMBERED = 100;

export interface ViewSession {
  tracked: boolean;
  counted: Set<string>;
}

export function viewSessionFromCookies(cookieHeader: string | null): ViewSession {
  const pair = (cookieHeader ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith(`${VIEWS_COOKIE}=`));
  const keys = decodeURIComponent(pair?.slice(VIEWS_COOKIE.length + 1) ?? '').split('.').filter((key) => /^(session|movie:\d+|tv:\d+)$/.test(key));
  return { tracked: keys.includes(TRACKED), counted: new Set(keys.filter((key) => key !== TRACKED)) };
}

/** Set-Cookie for the session; without Max-Age it is a browser-session cookie, which is what "once per session" means. */
export function viewSessionCookie(session: ViewSession, secure: boolean): string {
  const keys = [...session.counted].slice(-MAX_REMEMBERED);
  const value = encodeURIComponent((session.tracked ? [TRACKED, ...keys] : keys).join('.'));
  return `${VIEWS_COOKIE}=${value}; Path=/api/events; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface ViewResult {
  /** A view event was recorded (the session's first call). */
  tracked: boolean;
  /** The movie's view_count went up. */
  counted: boolean;
  session: ViewSession;
}

export interface ViewContext {
  country: string;
  deviceType: string;
}

export async function recordView(db: Db, session: ViewSession, title: TitleRef | null, context: ViewContext): Promise<ViewResult> {
  const next: ViewSession = { tracked: session.tracked, counted: new Set(session.counted) };
  let tracked = false;
  if (!session.tracked) {
    await db.insertInto('view_events').values({
      content_type: title?.type ?? null, content_tmdb_id: title?.tmdbId ?? null, country: context.country, device_type: context.deviceType,
    }).execute();
    next.tracked = tracked = true;
  }
  let counted = false;
  if (title?.type === 'movie' && !session.counted.has(titleKey(title))) {
    const updated = await db.updateTable('movies').set({ view_count: sql`view_count + 1` })
      .where('tmdb_id', '=', title.tmdbId).where('is_published', '=', true).where('stream_url', 'is not', null)
      .executeTakeFirst();
    counted = Number(updated.numUpdatedRows) > 0;
    if (counted) next.counted.add(titleKey(title));
  }
  return { tracked, counted, session: next };
}

/** 'mobile', 'tablet', 'smarttv', ... as ua-parser-js names them; 'desktop' when it names none. */
export function deviceTypeOf(userAgent: string | null): string {
  return new UAParser(userAgent ?? '').getDevice().type ?? 'desktop';
}

interface NetlifyGeoLocals {
  netlify?: { context?: { geo?: { country?: { code?: string } } } };
}

/**
 * The visitor's country code: Netlify's geolocation when deployed (locals, then the x-nf-geo header), an
 * x-country header from another proxy, else the region of the browser's first language, else 'Unknown'.
 */
export function countryOf(request: Request, locals: unknown): string {
  const fromLocals = (locals as NetlifyGeoLocals | undefined)?.netlify?.context?.geo?.country?.code;
  const candidates = [fromLocals, netlifyGeoHeader(request.headers.get('x-nf-geo')), request.headers.get('x-country'),
    languageRegion(request.headers.get('accept-language'))];
  const code = candidates.find((value) => value && /^[A-Za-z]{2}$/.test(value.trim()));
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

/** 'en-GB,en;q=0.9' -> 'GB'. */
export function languageRegion(header: string | null): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  const region = first?.split('-')[1];
  return region && /^[A-Za-z]{2}$/.test(region) ? region : undefined;
}
