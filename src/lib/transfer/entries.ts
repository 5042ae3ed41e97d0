/**
 * What an import file asks for, whatever its format: one entry per thing to write (a diary line is a history entry
 * and, when rated, a rating entry), or a bad entry saying why a line cannot be read. The format readers
 * (letterboxd.ts, trakt.ts, cinecat-format.ts) make them; import.ts matches and writes them.
 */
import type { ContentType } from '../../../db/schema.ts';
import type { ImportAction, ImportFormat } from './contract.ts';

export interface FileEntry {
  /** Where in the file: 'ratings.csv line 4'. Entries of one line are written together or not at all. */
  source: string;
  action: ImportAction;
  /** As the file names it ('' when it names only an id). */
  title: string;
  year: number | null;
  type: ContentType;
  tmdbId: number | null;
  /** When it was rated, listed or watched. */
  date: Date;
  /** On our 1 to 5 scale (rating-scale.ts). */
  rating?: number;
  season?: number | null;
  episode?: number | null;
  /** History only, from our own format (a finished title otherwise: 100 %). */
  progress?: number;
  position?: number;
}

export interface BadEntry {
  source: string;
  title: string;
  year: number | null;
  action: ImportAction;
  reason: string;
}

export interface ReadEntries { entries: FileEntry[]; bad: BadEntry[] }

export interface ParsedFile extends ReadEntries {
  format: ImportFormat;
  files: string[];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 'YYYY-MM-DD' day (midnight UTC), or null for anything else (2023-02-30 included). */
export function dayOf(text: string): Date | null {
  if (!ISO_DAY.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? date : null;
}

/** An ISO 8601 timestamp or day, or null. */
export function instantOf(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const day = dayOf(value);
  if (day) return day;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A release year as files give it: empty is none; anything else must be a plausible year. */
export function yearOf(value: unknown): number | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const year = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(year) && year >= 1870 && year <= 2200 ? year : 'invalid';
}

/** A positive int4 id, or null. */
export function tmdbIdOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}
