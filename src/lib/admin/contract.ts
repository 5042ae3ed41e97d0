/** Browser-safe contract of the admin endpoints (/api/admin/**): their input schemas and answers. */
import { z } from 'astro/zod';
import { id, INT4_MAX, page, text } from '../http/contract.ts';
import type { ContentType } from '../titles/client/content-types.ts';
import { RESTORE_MODES } from '../backup/client/restore-options.ts';
import { sameOriginPath } from '../security/client/same-origin-path.ts';

/** A link field: an http(s) URL, or empty / null meaning "no link". */
export const optionalUrl = z
  .union([text(2048), z.null()])
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() : value ?? null))
  .refine((value) => value === null || value === '' || isHttpUrl(value), { message: 'Must be a valid URL.' })
  .transform((value) => (value ? value : null));

/** An absolute http(s) URL, or a path of this site such as the demo /embed/... (judged by sameOriginPath). */
export function isHttpUrl(value: string): boolean {
  if (value.startsWith('/')) return sameOriginPath(value, ANY_ORIGIN) !== null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A site-relative link stays on whatever origin serves it: any origin stands in for the site's. */
const ANY_ORIGIN = 'https://site.invalid';

const ids = z.array(z.number().int().min(1).max(INT4_MAX)).min(1, 'Select at least one item.').max(1000);
const seasonNumber = z.coerce.number().int().min(0).max(1000);
const tmdbId = z.number().int().min(1).max(INT4_MAX);

export const IdBody = z.object({ id: id() });
export const PublishBody = z.object({ ids, isPublished: z.boolean() });
export const DeleteTitlesBody = z.object({ ids });
// Edits whose absent fields mean "clear" are strict: a field they do not know (say a client still sending the old
// snake_case names) is refused with 400 rather than read as an edit that clears what the admin saved.
export const MovieLinksBody = z.object({ id: id(), streamUrl: optionalUrl, downloadUrl: optionalUrl }).strict();

export const AdminListQuery = z.object({
  q: text(200).trim().optional().default(''),
  page: page(),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
});

export const EpisodesQuery = z.object({ showId: id(), season: seasonNumber.optional() });

export const EpisodeUpdateBody = z.object({
  id: id(),
  name: text(500).trim().nullable().optional().transform((value) => value || null),
  overview: text(10000).trim().nullable().optional().transform((value) => value || null),
  streamUrl: optionalUrl,
  downloadUrl: optionalUrl,
  tmdbId: tmdbId.nullable().optional(),
  episodeNumber: z.number().int().min(0).max(10000).optional(),
}).strict();

/** A YouTube video key (what TMDB's videos carry); empty or null means no trailer. */
const trailerKey = z.union([text(200), z.null()]).optional()
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || /^[A-Za-z0-9_-]{1,64}$/.test(value), { message: 'Must be a YouTube video key.' });

/** PATCH /api/admin/tv/show: what an admin edits on a TV row (name and TMDB ID stay as imported). */
export const ShowEditBody = z.object({ id: id(), trailerKey }).strict();
export type ShowEdit = z.output<typeof ShowEditBody>;

/**
 * The fields of a show and of an episode that TMDB and the admin both write: once the admin changes one it is the
 * admin's, and no sync or re-import overwrites it (src/lib/admin/ownership.ts). Links and the publish state are
 * the admin's alone.
 */
export const SHOW_ADMIN_FIELDS = ['trailerKey'] as const;
export const EPISODE_ADMIN_FIELDS = ['episodeNumber', 'tmdbId', 'name', 'overview'] as const;
export type ShowAdminField = (typeof SHOW_ADMIN_FIELDS)[number];
export type EpisodeAdminField = (typeof EPISODE_ADMIN_FIELDS)[number];
/** The fields the admin owns on a row, each with TMDB's latest value for it (what "Use TMDB's" puts back). */
export type AdminOwned<Field extends string> = Partial<Record<Field, string | number | null>>;

/**
 * POST /api/admin/tv/use-tmdb: "Use TMDB's". Hands a field of a show or an episode back to TMDB, or brings back an
 * episode of TMDB's the admin deleted (by its TMDB id).
 */
export const UseTmdbBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('show'), id: id(), field: z.enum(SHOW_ADMIN_FIELDS) }).strict(),
  z.object({ kind: z.literal('episode'), id: id(), field: z.enum(EPISODE_ADMIN_FIELDS) }).strict(),
  z.object({ kind: z.literal('deletedEpisode'), showId: id(), tmdbId }).strict(),
]);
export type UseTmdb = z.output<typeof UseTmdbBody>;

/** A season's bulk link upload (up to 5,000 links) is larger than the default JSON body cap. */
export const MAX_LINK_UPLOAD_BYTES = 4 * 1024 * 1024;
export const UploadLinksBody = z.object({
  tvShowId: id(),
  seasonNumber,
  links: z.array(z.unknown()).min(1, 'No links to upload.').max(5000),
});

/**
 * One item of a bulk link upload, in the spec's words (watch/download) or the API's field names. Strict: an item
 * naming any other field (say the snake_case column names files once used) is reported, not applied with no links.
 */
export const LinkItem = z.object({
  episodeNumber: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  watch: optionalUrl,
  streamUrl: optionalUrl,
  download: optionalUrl,
  downloadUrl: optionalUrl,
}).strict();

/** POST /api/admin/rebuild takes an empty JSON object. */
export const RebuildBody = z.object({}).passthrough();

/**
 * POST /api/admin/restore?mode=merge|replace (merge by default, see restore-options.ts); the body is a backup
 * file's JSON, read and checked by the backup module itself.
 */
export const RestoreQuery = z.object({ mode: z.enum(RESTORE_MODES).default('merge') });
export const MAX_BACKUP_BYTES = 256 * 1024 * 1024;

/** What the islands send: the bodies' input types, so a renamed field breaks the island that sends it. */
export type PublishRequest = z.input<typeof PublishBody>;
export type MovieLinksRequest = z.input<typeof MovieLinksBody>;
export type ShowEditRequest = z.input<typeof ShowEditBody>;
export type UseTmdbRequest = z.input<typeof UseTmdbBody>;
export type EpisodeUpdateRequest = z.input<typeof EpisodeUpdateBody>;
export type UploadLinksRequest = z.input<typeof UploadLinksBody>;
export type DeleteTitlesRequest = z.input<typeof DeleteTitlesBody>;
export type RebuildRequest = z.input<typeof RebuildBody>;
export type RestoreRequest = z.input<typeof RestoreQuery>;
/** Typed by hand: their schemas coerce ids and numbers from text, so the schemas' input types say nothing of them. */
export interface IdRequest { id: number }
// Query types are aliases, not interfaces: only an alias fits a route's query (a record of query values).
export type AdminListRequest = { q?: string; page?: number; pageSize?: number };
export type EpisodesRequest = { showId: number; season?: number };

/** Answers of the admin endpoints. */
export interface AdminMessage { message: string }
export interface AdminCount extends AdminMessage {
  count: number;
  /** After an unpublish or delete: when the titles' pages are gone (the admin panel shows it). */
  takedown?: string;
}
export interface EpisodeLinksUploaded extends AdminMessage { errors: LinkUploadError[] }
export interface AddedTitle extends AdminMessage { id: number; created: boolean }
/** A title a bulk import left out, and why; the run goes on without it. */
export interface SkippedTitle { tmdbId: number; reason: string }
/**
 * A bulk import from `startPage` to `endPage`, run page by page on the server while the panel polls it.
 * `currentPage` is the page being (or last) imported; `error` says why a failed job stopped.
 */
export interface ImportJob {
  id: number;
  kind: ContentType;
  startPage: number;
  endPage: number;
  currentPage: number;
  processed: number;
  skipped: SkippedTitle[];
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}
/** One bulk import runs at a time: a second start answers 409 with this, naming the job that runs. */
export interface ImportAlreadyRunningAnswer { error: string; job: ImportJob }
/** GET /api/admin/import/jobs: the job that is queued or running, if any. */
export interface ActiveImport { job: ImportJob | null }

// The TMDB-backed admin endpoints (bulk import, Add New, the sync), implemented in src/lib/tmdb/: declared here with
// the other admin contracts, so that tmdb/ imports admin/ and admin/ never imports tmdb/.

/** TMDB serves every paged list (popular titles, changes) up to this page. */
export const MAX_TMDB_PAGE = 500;

const popularPage = z.number().int().min(1).max(MAX_TMDB_PAGE);
export const BulkImportBody = z.object({ page: popularPage, endPage: popularPage })
  .refine((body) => body.endPage >= body.page, { message: 'Invalid page numbers.' });

/** A job by id: GET /api/admin/import/jobs/[id]'s params, and the body POSTed to a background function (import or sync). */
export const ImportJobRef = z.object({ id: id() });

export const AddMovieBody = z.object({ tmdbId, streamUrl: optionalUrl, downloadUrl: optionalUrl });
export const AddShowBody = z.object({ tmdbId });
export type AddMovieInput = z.infer<typeof AddMovieBody>;
/** What the Add New form sends. */
export type AddTitleRequest = z.input<typeof AddMovieBody> | z.input<typeof AddShowBody>;

/** What started a TMDB sync. */
export type SyncTrigger = 'schedule' | 'admin' | 'cli';
/** TMDB's change lists, read in this order. */
export const SYNC_LISTS = ['movie', 'tv', 'person'] as const;
export type SyncList = (typeof SYNC_LISTS)[number];
/** One refreshed title or person, for the dashboard's short list. */
export interface SyncedItem { type: SyncList; tmdbId: number; name: string; newEpisodes?: number }
/** What a sync changed: counts, and the latest refreshed items (at most SYNC_RECENT_LIMIT). */
export interface SyncChanges { movies: number; shows: number; episodes: number; people: number; recent: SyncedItem[] }
export const SYNC_RECENT_LIMIT = 20;
/** A changed title or person the sync left out, and why. */
export interface SyncSkipped { type: SyncList; tmdbId: number; reason: string }
/** A TMDB sync as the dashboard shows it: the window of changes read, where it is, and what it changed. */
export interface TmdbSync {
  id: number;
  trigger: SyncTrigger;
  since: string;
  until: string;
  list: SyncList;
  currentPage: number;
  changes: SyncChanges;
  skipped: SyncSkipped[];
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}
/** GET /api/admin/sync: the latest sync, or null before the first. POST starts one: it takes an empty object. */
export interface SyncStatus { latest: TmdbSync | null }
export const StartSyncBody = z.object({}).strict();

export type { RestoreDone } from '../backup/contract.ts';
export type { AnalyticsSummary } from '../analytics/contract.ts';

export interface AdminList<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminTitleRow {
  id: number;
  tmdbId: number;
  title: string;
  posterPath: string | null;
  isPublished: boolean;
  createdAt: string;
  /** Movies only. */
  streamUrl?: string | null;
  downloadUrl?: string | null;
  /** Shows only. */
  numberOfSeasons?: number;
  trailerKey?: string | null;
  adminOwned?: AdminOwned<ShowAdminField>;
}

export interface AdminRequestRow {
  id: number;
  userEmail: string | null;
  message: string;
  isPublic: boolean;
  createdAt: string;
}

export interface AdminEpisodeRow {
  id: number;
  seasonNumber: number;
  episodeNumber: number;
  tmdbId: number | null;
  name: string | null;
  overview: string | null;
  streamUrl: string | null;
  downloadUrl: string | null;
  adminOwned: AdminOwned<EpisodeAdminField>;
}

/** An episode of TMDB's the admin deleted: no import adds it again until the admin brings it back. */
export interface AdminDeletedEpisode { tmdbId: number; episodeNumber: number; name: string | null }

export interface AdminSeasonView {
  show: { id: number; tmdbId: number; name: string; numberOfSeasons: number };
  /** 1..numberOfSeasons, with 0 (Specials) first when the show has specials. */
  seasons: number[];
  season: number;
  episodes: AdminEpisodeRow[];
  /** The season's deleted episodes of TMDB's. */
  deleted: AdminDeletedEpisode[];
}

export interface LinkUploadError {
  index: number;
  episodeNumber: number | null;
  error: string;
}
export type { RebuildState } from '../rebuild/contract.ts';
