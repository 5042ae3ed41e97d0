/** Browser-safe contract of the TMDB-backed endpoints: admin import/add and the actor details proxy. */
import { z } from 'astro/zod';
import { id, INT4_MAX } from '../http/contract.ts';
import { optionalUrl } from '../admin/contract.ts';

/** TMDB serves every paged list (popular titles, changes) up to this page. */
export const MAX_TMDB_PAGE = 500;

const popularPage = z.number().int().min(1).max(MAX_TMDB_PAGE);
export const BulkImportBody = z.object({ page: popularPage, endPage: popularPage })
  .refine((body) => body.endPage >= body.page, { message: 'Invalid page numbers.' });

/** A job by id: GET /api/admin/import/jobs/[id]'s params, and the body POSTed to a background function (import or sync). */
export const ImportJobRef = z.object({ id: id() });

const tmdbId = z.number().int().min(1).max(INT4_MAX);
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

/** The actor page's details, declared with their route (src/lib/catalog/contract.ts). */
export type { PersonDetails } from '../catalog/contract.ts';
