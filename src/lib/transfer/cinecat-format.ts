/**
 * Our own JSON format: everything a user keeps here (My List, Wishlist, ratings, the whole history with its progress),
 * each title by type and TMDB id with its title and year for people to read. "Download my data" writes it and an
 * import reads it back row by row.
 */
import { z } from 'astro/zod';
import type { ContentType } from '../../../db/schema.ts';
import type { ImportAction } from './contract.ts';
import type { FileEntry, ReadEntries } from './entries.ts';

export const CINECAT_FORMAT = 'cinecat-user-data';
export const CINECAT_VERSION = 1;

const ref = {
  type: z.enum(['movie', 'tv']),
  tmdbId: z.number().int().min(1).max(2_147_483_647),
  title: z.string().max(1000).nullable(),
  year: z.number().int().nullable(),
};
const timestamp = z.string().max(40).refine((value) => !Number.isNaN(Date.parse(value)), 'Expected an ISO date.');
const episodeNumber = z.number().int().min(0).max(10_000).nullable();

const ROWS = {
  my_list: z.object({ ...ref, addedAt: timestamp }),
  wishlist: z.object({ ...ref, addedAt: timestamp }),
  rating: z.object({ ...ref, rating: z.number().int().min(1).max(5), ratedAt: timestamp }),
  history: z.object({
    ...ref, season: episodeNumber, episode: episodeNumber, progress: z.number().min(0).max(100), position: z.number().int().min(0).max(86_400 * 7),
    watchedAt: timestamp,
  }),
};

export interface CinecatDocument {
  format: typeof CINECAT_FORMAT;
  version: typeof CINECAT_VERSION;
  exportedAt: string;
  lists: { my_list: z.infer<typeof ROWS.my_list>[]; wishlist: z.infer<typeof ROWS.wishlist>[] };
  ratings: z.infer<typeof ROWS.rating>[];
  history: z.infer<typeof ROWS.history>[];
}

export const isCinecatDocument = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { format?: unknown }).format === CINECAT_FORMAT;

/** The entries of one of our documents; a row that does not fit its shape is a bad entry. */
export function readCinecatDocument(value: unknown, label: string): ReadEntries {
  const document = value as Partial<Record<'lists' | 'ratings' | 'history', unknown>>;
  const lists = (typeof document.lists === 'object' && document.lists !== null ? document.lists : {}) as Record<string, unknown>;
  const result: ReadEntries = { entries: [], bad: [] };
  const sections: [ImportAction, string, unknown][] = [
    ['my_list', 'lists.my_list', lists.my_list], ['wishlist', 'lists.wishlist', lists.wishlist],
    ['rating', 'ratings', document.ratings], ['history', 'history', document.history],
  ];
  for (const [action, name, rows] of sections) {
    if (!Array.isArray(rows)) continue;
    rows.forEach((row: unknown, index) => {
      const source = `${label}: ${name} item ${index + 1}`;
      const parsed = ROWS[action].safeParse(row);
      if (!parsed.success) {
        const raw = (typeof row === 'object' && row !== null ? row : {}) as { title?: unknown; year?: unknown };
        const issue = parsed.error.issues[0];
        result.bad.push({ source, action, title: typeof raw.title === 'string' ? raw.title : '', year: typeof raw.year === 'number' ? raw.year : null,
          reason: `${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}` });
        return;
      }
      result.entries.push(entryOf(action, source, parsed.data));
    });
  }
  return result;
}

type AnyRow = { type: ContentType; tmdbId: number; title: string | null; year: number | null } & Partial<{
  addedAt: string; ratedAt: string; watchedAt: string; rating: number; season: number | null; episode: number | null; progress: number; position: number;
}>;

function entryOf(action: ImportAction, source: string, row: AnyRow): FileEntry {
  const date = new Date(row.addedAt ?? row.ratedAt ?? row.watchedAt!);
  const entry: FileEntry = { source, action, title: row.title ?? '', year: row.year, type: row.type, tmdbId: row.tmdbId, date };
  if (action === 'rating') entry.rating = row.rating;
  if (action === 'history') Object.assign(entry, { season: row.season, episode: row.episode, progress: row.progress, position: row.position });
  return entry;
}
