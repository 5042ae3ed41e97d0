/**
 * What a backup holds: every table of the schema in dependency order (parents first), with the zod shape of
 * its rows. Password hashes are included so a restore is complete; one-time tokens, calendar feed tokens, rate-limit
 * counters and the rebuild log are not (they are secrets or transient).
 */
import { z } from 'astro/zod';
import { isPasswordHash } from '../accounts/passwords.ts';

const int = z.number().int();
const text = z.string();
const num = z.number();
const bool = z.boolean();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a YYYY-MM-DD date.');
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Expected a timestamp.');
const uuid = z.string().regex(/^[0-9a-f-]{36}$/i, 'Expected a uuid.');
const contentType = z.enum(['movie', 'tv']);
const region = z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter region code.');
const company = z.object({ id: int, name: text, logo_path: text.nullable().optional() });

const titleColumns = {
  id: int, tmdb_id: int, overview: text.nullable(), tagline: text.nullable(), poster_path: text.nullable(),
  backdrop_path: text.nullable(), vote_average: num.nullable(), vote_count: int, origin_country: z.array(text),
  screenshots: z.array(text), trailer_key: text.nullable(), is_published: bool, created_at: timestamp,
  updated_at: timestamp, view_count: int, popularity: num,
};
const credit = { person_id: int, credit_order: int, character_name: text.nullable() };
/**
 * What belongs to the admin (db/migrations/0015_admin_ownership.ts). A backup from before it has none: its rows
 * restore with no field of the admin's, as they were then.
 */
const adminOverrides = z.record(text, z.union([text, num, z.null()])).default({});
const episodeColumns = {
  season_number: int, episode_number: int, tmdb_id: int.nullable(), name: text.nullable(), overview: text.nullable(),
  still_path: text.nullable(), air_date: date.nullable(), runtime: int.nullable(),
};

export const BACKUP_TABLES = {
  genres: { key: ['id'], row: { id: int, name: text } },
  collections: { key: ['id'], row: { id: int, name: text, overview: text.nullable(), poster_path: text.nullable(), backdrop_path: text.nullable() } },
  platforms: { key: ['id'], row: { id: int, name: text, logo_path: text.nullable(), display_priority: int } },
  people: {
    key: ['id'],
    row: {
      id: int, name: text, profile_path: text.nullable(), popularity: num, birthday: date.nullable(), deathday: date.nullable(),
      place_of_birth: text.nullable(), known_for_department: text.nullable(), biography: text.nullable(),
      twitter_id: text.nullable(), instagram_id: text.nullable(), updated_at: timestamp,
    },
  },
  movies: {
    key: ['id'],
    row: {
      ...titleColumns, title: text, release_date: date.nullable(), runtime: int.nullable(), budget: num.nullable(),
      revenue: num.nullable(), production_companies: z.array(company), stream_url: text.nullable(), download_url: text.nullable(),
      collection_id: int.nullable(), recommended_tmdb_ids: z.array(int),
    },
  },
  tv_shows: {
    key: ['id'],
    row: {
      ...titleColumns, name: text, first_air_date: date.nullable(), number_of_seasons: int, admin_overrides: adminOverrides,
      deleted_episodes: z.array(z.object(episodeColumns).strict()).default([]),
    },
  },
  movie_genres: { key: ['movie_id', 'genre_id'], row: { movie_id: int, genre_id: int } },
  tv_show_genres: { key: ['tv_show_id', 'genre_id'], row: { tv_show_id: int, genre_id: int } },
  movie_credits: { key: ['movie_id', 'person_id'], row: { movie_id: int, ...credit } },
  tv_show_credits: { key: ['tv_show_id', 'person_id'], row: { tv_show_id: int, ...credit } },
  movie_providers: { key: ['movie_id', 'platform_id'], row: { movie_id: int, platform_id: int } },
  tv_show_providers: { key: ['tv_show_id', 'platform_id'], row: { tv_show_id: int, platform_id: int } },
  // Every region's watch providers (db/migrations/0017_watch_providers.ts); title_id is movies.id or tv_shows.id.
  title_watch_providers: {
    key: ['content_type', 'title_id', 'region', 'kind', 'platform_id'],
    row: {
      content_type: contentType, title_id: int, region, kind: z.enum(['flatrate', 'free', 'ads', 'rent', 'buy']), platform_id: int,
      display_priority: int,
    },
  },
  title_watch_regions: { key: ['content_type', 'title_id', 'region'], row: { content_type: contentType, title_id: int, region, link: text.nullable() } },
  tv_show_episodes: {
    key: ['id'],
    row: { id: int, tv_show_id: int, ...episodeColumns, stream_url: text.nullable(), download_url: text.nullable(), admin_overrides: adminOverrides },
  },
  users: {
    key: ['id'],
    row: {
      id: uuid, email: text, password_hash: text.refine(isPasswordHash, 'Expected a scrypt password hash.'),
      role: z.enum(['user', 'admin']), email_confirmed_at: timestamp.nullable(),
      session_version: int, created_at: timestamp,
    },
  },
  user_preferences: { key: ['user_id'], row: { user_id: uuid, watch_region: region.nullable(), updated_at: timestamp } },
  user_watch_services: { key: ['user_id', 'platform_id'], row: { user_id: uuid, platform_id: int } },
  user_list_items: {
    key: ['user_id', 'list', 'content_type', 'content_tmdb_id'],
    row: { user_id: uuid, list: z.enum(['my_list', 'wishlist']), content_type: contentType, content_tmdb_id: int, added_at: timestamp },
  },
  user_ratings: {
    key: ['user_id', 'content_type', 'content_tmdb_id'],
    row: { user_id: uuid, content_type: contentType, content_tmdb_id: int, rating: int.min(1).max(5), updated_at: timestamp },
  },
  watch_history: {
    key: ['user_id', 'content_type', 'content_tmdb_id'],
    row: {
      user_id: uuid, content_type: contentType, content_tmdb_id: int, season_number: int.nullable(), episode_number: int.nullable(),
      progress_percentage: num.min(0).max(100), position_seconds: int, last_watched_at: timestamp,
    },
  },
  // Wishlist alerts (src/lib/alerts/): who opted in, and which titles were announced (or were watchable already), so
  // a restored database never mails a title twice.
  wishlist_alert_subscriptions: { key: ['user_id'], row: { user_id: uuid, subscribed_at: timestamp } },
  wishlist_alerts: {
    key: ['user_id', 'content_type', 'content_tmdb_id'],
    row: { user_id: uuid, content_type: contentType, content_tmdb_id: int, mailed: bool, recorded_at: timestamp },
  },
  requests: {
    key: ['id'],
    row: { id: int, user_id: uuid.nullable(), user_email: text.nullable(), message: text, is_public: bool, created_at: timestamp },
  },
  view_events: {
    key: ['id'],
    row: {
      id: int, occurred_at: timestamp, content_type: contentType.nullable(), content_tmdb_id: int.nullable(), country: text,
      device_type: text,
    },
  },
  // view_events older than a year, rolled up per day (src/lib/analytics/events.ts): the 'All' period counts them.
  view_event_days: { key: ['day', 'country', 'device_type'], row: { day: date, country: text, device_type: text, views: int } },
} as const satisfies Record<string, { key: readonly string[]; row: z.ZodRawShape }>;

export type BackupTable = keyof typeof BACKUP_TABLES;
/** Parents before children: the order of inserts on restore (and reverse order of deletes). */
export const BACKUP_TABLE_ORDER = Object.keys(BACKUP_TABLES) as BackupTable[];
/**
 * Tables added after backups were first made: a full backup from before them lacks them and is still whole, so
 * "Replace everything" restores it and leaves these empty.
 */
export const ADDED_LATER: readonly BackupTable[] = ['title_watch_providers', 'title_watch_regions', 'user_preferences', 'user_watch_services'];
/** Tables whose id comes from a sequence, reset after a restore. */
export const SERIAL_TABLES: BackupTable[] = ['movies', 'tv_shows', 'tv_show_episodes', 'requests', 'view_events'];
/** jsonb columns: written as JSON text. */
export const JSON_COLUMNS: Partial<Record<BackupTable, string[]>> = {
  movies: ['production_companies'], tv_shows: ['admin_overrides', 'deleted_episodes'], tv_show_episodes: ['admin_overrides'],
};
