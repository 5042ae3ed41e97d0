/**
 * Browser-safe contract of bringing one's history in from a file and taking it out again: POST /api/me/import (the
 * file itself is the body) and GET /api/me/export?format=.
 */
import { z } from 'astro/zod';
import type { ContentType } from '../titles/client/content-types.ts';

/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_SIZE_TEXT = '10 MB';

/** How another site's ratings become our 1 to 5 stars (shown on the profile page and in the README). */
export const RATING_RULE = 'Letterboxd\'s half stars (0.5 to 5) round half up to whole stars (½ → 1, 3½ → 4); '
  + 'Trakt\'s 1 to 10 become half of it, rounded up (7 → 4, 8 → 4).';

/** The content types an upload may declare: none of them a form's, so no other site can post a file here unasked. */
export const IMPORT_CONTENT_TYPES = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed', 'text/csv', 'application/json'];

export const ImportQuery = z.object({ name: z.string().max(255).optional() });

export type ImportFormat = 'letterboxd' | 'trakt' | 'cinecat';
/** Where an imported entry goes: a rating, a list, or the watch history. */
export type ImportAction = 'rating' | 'wishlist' | 'my_list' | 'history';
/**
 * What became of an entry: written (added, updated), already there (unchanged), replaced by a later entry of the
 * file for the same title (superseded), not found in the catalogue (not_matched), or unreadable (skipped).
 */
export type ImportOutcome = 'added' | 'updated' | 'unchanged' | 'superseded' | 'not_matched' | 'skipped';
export const IMPORT_OUTCOMES: readonly ImportOutcome[] = ['added', 'updated', 'unchanged', 'superseded', 'not_matched', 'skipped'];

export interface ImportEntry {
  /** Where in the file: 'ratings.csv line 4', 'watchlist item 2'. */
  source: string;
  title: string;
  year: number | null;
  action: ImportAction;
  outcome: ImportOutcome;
  /** Why it was not written, or what it matched by. */
  reason: string | null;
  /** The catalogue's title it matched. */
  match: { type: ContentType; tmdbId: number; title: string; href: string } | null;
}

/** The most entries a report lists (the counts cover them all): the ones not imported first. */
export const MAX_REPORTED_ENTRIES = 1000;

export interface ImportReport {
  format: ImportFormat;
  /** The files read (a ZIP's CSV or JSON files, or the one file). */
  files: string[];
  counts: Record<ImportOutcome, number>;
  entries: ImportEntry[];
  /** Entries left out of `entries` past MAX_REPORTED_ENTRIES. */
  omitted: number;
  message: string;
}

export const EXPORT_FORMATS = ['letterboxd', 'trakt', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportQuery = z.object({ format: z.enum(EXPORT_FORMATS) });
