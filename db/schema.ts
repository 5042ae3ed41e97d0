/** Row types of every table, as Kysely sees them. Keep in step with db/migrations. */
import type { ColumnType, Generated, GeneratedAlways, Insertable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** 'YYYY-MM-DD' (db/connect.ts keeps dates as strings on every driver). */
type DateString = string;
/** A jsonb column: read as T, written as JSON text (JSON.stringify). */
type Json<T, Insert = string> = ColumnType<T, Insert, string>;

export type ContentType = 'movie' | 'tv';
export type ListName = 'my_list' | 'wishlist';
export type Role = 'user' | 'admin';

export interface ProductionCompany {
  id: number;
  name: string;
  logo_path?: string | null;
}

interface GenresTable {
  id: number;
  name: string;
}

interface CollectionsTable {
  id: number;
  name: string;
  overview: string | null;
  poster_path: string | null;
  backdrop_path: string | null;
}

interface PlatformsTable {
  id: number;
  name: string;
  logo_path: string | null;
  display_priority: Generated<number>;
}

interface PeopleTable {
  id: number;
  name: string;
  profile_path: string | null;
  popularity: Generated<number>;
  birthday: DateString | null;
  deathday: DateString | null;
  place_of_birth: string | null;
  known_for_department: string | null;
  biography: string | null;
  twitter_id: string | null;
  instagram_id: string | null;
  updated_at: Timestamp;
  /** Credited in a published title, so the person has a page: kept by triggers (db/migrations/0020_people_with_pages.ts). */
  has_page: Generated<boolean>;
}

interface TitleColumns {
  id: Generated<number>;
  tmdb_id: number;
  overview: string | null;
  tagline: string | null;
  poster_path: string | null;
  backdrop_path: string | null;
  vote_average: number | null;
  vote_count: Generated<number>;
  origin_country: Generated<string[]>;
  screenshots: Generated<string[]>;
  trailer_key: string | null;
  is_published: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  view_count: Generated<number>;
  popularity: Generated<number>;
}

interface MoviesTable extends TitleColumns {
  title: string;
  release_date: DateString | null;
  runtime: number | null;
  budget: number | null;
  revenue: number | null;
  production_companies: Json<ProductionCompany[], string | undefined>;
  stream_url: string | null;
  download_url: string | null;
  collection_id: number | null;
  recommended_tmdb_ids: Generated<number[]>;
}

/**
 * The fields of a row the admin edited, each with TMDB's latest value for it (db/migrations/0015_admin_ownership.ts):
 * imports keep the admin's value in the column and TMDB's here.
 */
export type AdminOverrides = Partial<Record<string, string | number | null>>;

/** An episode as TMDB gives it: what the importer writes, and what a deleted episode keeps for "Use TMDB's". */
export interface TmdbEpisodeColumns {
  season_number: number;
  episode_number: number;
  tmdb_id: number | null;
  name: string | null;
  overview: string | null;
  still_path: string | null;
  air_date: DateString | null;
  runtime: number | null;
}

interface TvShowsTable extends TitleColumns {
  name: string;
  first_air_date: DateString | null;
  number_of_seasons: Generated<number>;
  admin_overrides: Json<AdminOverrides, string | undefined>;
  /** TMDB's episodes the admin deleted: imports do not add them again. */
  deleted_episodes: Json<TmdbEpisodeColumns[], string | undefined>;
}

interface TvShowEpisodesTable extends TmdbEpisodeColumns {
  id: Generated<number>;
  tv_show_id: number;
  stream_url: string | null;
  download_url: string | null;
  admin_overrides: Json<AdminOverrides, string | undefined>;
}

interface MovieGenresTable { movie_id: number; genre_id: number }
interface TvShowGenresTable { tv_show_id: number; genre_id: number }
interface MovieProvidersTable { movie_id: number; platform_id: number }
interface TvShowProvidersTable { tv_show_id: number; platform_id: number }
interface MovieCreditsTable { movie_id: number; person_id: number; credit_order: Generated<number>; character_name: string | null }
interface TvShowCreditsTable { tv_show_id: number; person_id: number; credit_order: Generated<number>; character_name: string | null }

interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: Generated<Role>;
  email_confirmed_at: Timestamp | null;
  session_version: Generated<number>;
  created_at: Timestamp;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'confirm_email' | 'reset_password';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
  /** confirm_email: the password chosen with that sign-up, activated when the link is followed. */
  password_hash: string | null;
}

interface UserListItemsTable {
  user_id: string;
  list: ListName;
  content_type: ContentType;
  content_tmdb_id: number;
  added_at: Timestamp;
}

interface UserRatingsTable {
  user_id: string;
  content_type: ContentType;
  content_tmdb_id: number;
  rating: number;
  updated_at: Timestamp;
}

interface WatchHistoryTable {
  user_id: string;
  content_type: ContentType;
  content_tmdb_id: number;
  season_number: number | null;
  episode_number: number | null;
  progress_percentage: Generated<number>;
  position_seconds: Generated<number>;
  last_watched_at: Timestamp;
}

interface RequestsTable {
  id: Generated<number>;
  user_id: string | null;
  user_email: string | null;
  message: string;
  is_public: Generated<boolean>;
  created_at: Timestamp;
}

interface ViewEventsTable {
  id: Generated<number>;
  occurred_at: Timestamp;
  content_type: ContentType | null;
  content_tmdb_id: number | null;
  country: Generated<string>;
  device_type: Generated<string>;
}

interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  hits: number;
}

// --- Site rebuilds (db/migrations/0003_rebuilds.ts) ---
export type RebuildStatus = 'queued' | 'running' | 'succeeded' | 'failed';

interface RebuildRequestsTable {
  id: Generated<number>;
  status: Generated<RebuildStatus>;
  reason: string;
  request_count: Generated<number>;
  requested_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  error: string | null;
}

// --- Account mail queue (db/migrations/0004_account_mail.ts) ---
export type AccountMailKind = 'sign_up' | 'password_reset' | 'wishlist_alert';

interface AccountMailJobsTable {
  id: Generated<number>;
  kind: AccountMailKind;
  email: string;
  password_hash: string | null;
  /** wishlist_alert only (0018_history_calendar.ts): whose Wishlist, and which title. */
  user_id: string | null;
  content_type: ContentType | null;
  content_tmdb_id: number | null;
  created_at: Timestamp;
  attempts: Generated<number>;
  claimed_at: Timestamp | null;
  last_error: string | null;
}

// --- Catalogue version (db/migrations/0005_catalogue_version.ts): one row, bumped when the catalogue changes ---
interface CatalogueVersionTable {
  singleton: Generated<boolean>;
  version: Generated<number>;
  changed_at: Timestamp;
  /** A random id per database (0012_catalogue_snapshots.ts). */
  catalogue_id: Generated<string>;
}

/** One snapshot of the in-memory catalogue in parts, for serverless instances (src/lib/read-model/catalogue-snapshot.ts). */
interface CatalogueSnapshotTable {
  part: number;
  version: number;
  /** The stamp's changedAt, as the snapshot's reader compares it. */
  changed_at: string;
  written_at: Timestamp;
  /** How `data` is encoded (0013_snapshot_encoding.ts); '' for rows from before the column. */
  encoding: Generated<string>;
  data: Uint8Array;
}

// --- Bulk import jobs (db/migrations/0006_import_jobs.ts) ---
type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed';

/** The columns every TMDB job has (src/lib/tmdb/jobs.ts): its state, its worker's claim and its times. */
interface JobColumns {
  status: Generated<ImportJobStatus>;
  error: string | null;
  attempt: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface ImportJobsTable extends JobColumns {
  id: Generated<number>;
  kind: ContentType;
  start_page: number;
  end_page: number;
  current_page: number;
  processed: Generated<number>;
  skipped: Json<{ tmdbId: number; reason: string }[], string | undefined>;
}

// --- TMDB syncs (db/migrations/0009_tmdb_sync.ts) ---
/** TMDB's change lists, read in this order. */
export type SyncList = 'movie' | 'tv' | 'person';
interface SyncedItem { type: SyncList; tmdbId: number; name: string; newEpisodes?: number }
export interface TmdbSyncsTable extends JobColumns {
  id: Generated<number>;
  trigger: 'schedule' | 'admin' | 'cli';
  since: Timestamp;
  until: Timestamp;
  list: Generated<SyncList>;
  current_page: Generated<number>;
  changes: Json<{ movies: number; shows: number; episodes: number; people: number; recent: SyncedItem[] }, string | undefined>;
  skipped: Json<{ type: SyncList; tmdbId: number; reason: string }[], string | undefined>;
}

// --- View de-duplication and retention (db/migrations/0007_view_dedupe.ts) ---
interface ViewDedupeTable {
  /** A keyed hash of the client's network, never its address (src/lib/analytics/visitor-key.ts, migration 0016). */
  client_key: string;
  /** 'session' or a title key ('movie:550'). */
  subject: string;
  /** The UTC day; defaults to today. */
  day: Timestamp;
}

interface ViewEventDaysTable {
  day: Timestamp;
  country: string;
  device_type: string;
  views: number;
}

// --- Where to watch (db/migrations/0017_watch_providers.ts) ---
/** TMDB's kinds of offer: flatrate is a subscription ("Stream"); ads is free with ads. */
export type WatchKind = 'flatrate' | 'free' | 'ads' | 'rent' | 'buy';

/** Columns of a row about one title (movies.id or tv_shows.id, by content_type) in one region. */
interface TitleRegionColumns {
  content_type: ContentType;
  title_id: number;
  /** ISO 3166-1 alpha-2, in capitals. */
  region: string;
  /** Generated from content_type and title_id, only to reference the title (its rows go with it). */
  movie_id: GeneratedAlways<number | null>;
  tv_show_id: GeneratedAlways<number | null>;
}

/** One provider offering a title in a region, in one kind: TMDB's watch/providers answer, every region. */
interface TitleWatchProvidersTable extends TitleRegionColumns {
  kind: WatchKind;
  /** TMDB's provider id: the platforms row with its name and logo. */
  platform_id: number;
  /** TMDB's order of the providers in that region. */
  display_priority: Generated<number>;
}

/** A region TMDB answered for, with its watch page link (JustWatch's data). */
interface TitleWatchRegionsTable extends TitleRegionColumns {
  link: string | null;
}

interface UserPreferencesTable {
  user_id: string;
  /** null: the site's DEFAULT_REGION. */
  watch_region: string | null;
  updated_at: Timestamp;
}

/** The services (platforms) a user pays for. */
interface UserWatchServicesTable {
  user_id: string;
  platform_id: number;
}

// --- Calendar feeds and Wishlist alerts (db/migrations/0018_history_calendar.ts) ---
interface CalendarFeedsTable {
  user_id: string;
  /** SHA-256 of the feed URL's secret token. */
  token_hash: string;
  created_at: Timestamp;
}

interface WishlistAlertSubscriptionsTable {
  user_id: string;
  subscribed_at: Timestamp;
}

/** A title's one alert per user: mailed, or found already watchable when it joined the Wishlist (mailed false). */
interface WishlistAlertsTable {
  user_id: string;
  content_type: ContentType;
  content_tmdb_id: number;
  mailed: boolean;
  recorded_at: Timestamp;
}

// --- Every table, by name ---
// --- Catalogue change log (db/migrations/0014_catalogue_changes.ts) ---
export type CatalogueChangeOp = 'I' | 'U' | 'D' | 'T' | 'S';

interface CatalogueChangesTable {
  id: Generated<number>;
  /** The writer's transaction (xid8); read as text. */
  txid: Generated<string>;
  changed_at: Generated<Date>;
  table_name: string;
  op: CatalogueChangeOp;
  keys: Json<Record<string, unknown>, string> | null;
  old_keys: Json<Record<string, unknown>, string> | null;
  columns: string[] | null;
}

interface PublishingConsumersTable {
  name: string;
  /** A pg_snapshot, as text: the changes visible in it are consumed. */
  snapshot: string;
  last_marker: Generated<number>;
  /** The last marker whose changes the reader has finished publishing. */
  settled_marker: Generated<number>;
  updated_at: Generated<Date>;
}

/** A CDN tag to purge (src/lib/publishing/cdn-purge.ts). */
interface CdnPurgesTable {
  tag: string;
  due_at: Generated<Date>;
  /** Purge once more shortly after this one. */
  again: Generated<boolean>;
}

/** This database's id (db/migrations/0019_database_identity.ts). */
interface DatabaseIdentityTable {
  id: Generated<string>;
  only_row: Generated<boolean>;
}

interface CdnPurgeLogTable {
  tag: string;
  purged_at: Generated<Date>;
}

export interface Database {
  genres: GenresTable;
  collections: CollectionsTable;
  platforms: PlatformsTable;
  people: PeopleTable;
  movies: MoviesTable;
  tv_shows: TvShowsTable;
  tv_show_episodes: TvShowEpisodesTable;
  movie_genres: MovieGenresTable;
  tv_show_genres: TvShowGenresTable;
  movie_providers: MovieProvidersTable;
  tv_show_providers: TvShowProvidersTable;
  movie_credits: MovieCreditsTable;
  tv_show_credits: TvShowCreditsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  user_list_items: UserListItemsTable;
  user_ratings: UserRatingsTable;
  watch_history: WatchHistoryTable;
  requests: RequestsTable;
  view_events: ViewEventsTable;
  rate_limits: RateLimitsTable;
  rebuild_requests: RebuildRequestsTable;
  account_mail_jobs: AccountMailJobsTable;
  catalogue_version: CatalogueVersionTable;
  catalogue_snapshot: CatalogueSnapshotTable;
  import_jobs: ImportJobsTable;
  tmdb_syncs: TmdbSyncsTable;
  view_dedupe: ViewDedupeTable;
  view_event_days: ViewEventDaysTable;
  catalogue_changes: CatalogueChangesTable;
  publishing_consumers: PublishingConsumersTable;
  cdn_purges: CdnPurgesTable;
  cdn_purge_log: CdnPurgeLogTable;
  database_identity: DatabaseIdentityTable;
  title_watch_providers: TitleWatchProvidersTable;
  title_watch_regions: TitleWatchRegionsTable;
  user_preferences: UserPreferencesTable;
  user_watch_services: UserWatchServicesTable;
  calendar_feeds: CalendarFeedsTable;
  wishlist_alert_subscriptions: WishlistAlertSubscriptionsTable;
  wishlist_alerts: WishlistAlertsTable;
}

export type NewMovie = Insertable<MoviesTable>;
export type NewTvShow = Insertable<TvShowsTable>;
