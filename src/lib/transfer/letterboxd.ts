/**
 * Letterboxd's export, read and written: its CSV files have the columns Date, Name, Year, Letterboxd URI (and Rating,
 * in half stars from 0.5 to 5; the diary adds Watched Date). Letterboxd lists films only, so every row is a movie.
 * A `tmdbID` column, which Letterboxd's own importer also reads, matches a row by TMDB id (our export writes it).
 * CSV is read and written with csv-parse and csv-stringify.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { ImportAction } from './contract.ts';
import { dayOf, tmdbIdOf, yearOf, type FileEntry, type ReadEntries } from './entries.ts';
import { starsFromHalfStars } from './rating-scale.ts';

export const LETTERBOXD_FILES = ['ratings.csv', 'watchlist.csv', 'watched.csv', 'diary.csv'] as const;
export type LetterboxdFile = (typeof LETTERBOXD_FILES)[number];

const TMDB_COLUMN = 'tmdbID';

/** Which of Letterboxd's files this is, from its name or, failing that, its columns; null when neither tells. */
export function letterboxdFileOf(name: string, columns: readonly string[]): LetterboxdFile | null {
  const base = name.toLowerCase().split('/').pop() ?? '';
  const named = LETTERBOXD_FILES.find((file) => base === file)
    ?? (base.includes('diary') ? 'diary.csv' : base.includes('watchlist') ? 'watchlist.csv' : base.includes('rating') ? 'ratings.csv'
      : base.includes('watched') ? 'watched.csv' : undefined);
  if (named) return named;
  if (columns.includes('Watched Date')) return 'diary.csv';
  if (columns.includes('Rating')) return 'ratings.csv';
  return null;
}

/** The header row of a CSV text (empty when it is not CSV with a Name and a Date column). */
export function letterboxdColumns(text: string): string[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  try {
    const [header] = parse(firstLine, { relax_quotes: true }) as string[][];
    const columns = (header ?? []).map((column) => column.trim());
    return columns.includes('Name') && columns.includes('Date') ? columns : [];
  } catch {
    return [];
  }
}

type Row = Record<string, string | undefined>;

/** The entries of one Letterboxd CSV file; `label` names it in the report ('ratings.csv'). */
export function readLetterboxdCsv(file: LetterboxdFile, label: string, text: string): ReadEntries {
  const result: ReadEntries = { entries: [], bad: [] };
  const actions = ACTIONS[file];
  const records = parse(text, {
    columns: (header: string[]) => header.map((column) => column.trim()), bom: true, skip_empty_lines: true, relax_column_count: true,
    info: true, skip_records_with_error: true,
    on_skip: (error) => {
      result.bad.push({ source: `${label} line ${error?.lines ?? '?'}`, title: '', year: null, action: actions[0], reason: `Not valid CSV: ${error?.message ?? 'unreadable'}.` });
      return undefined;
    },
  }) as { record: Row; info: { lines: number } }[];
  for (const { record, info } of records) readRow(file, `${label} line ${info.lines}`, record, result);
  return result;
}

const ACTIONS: Record<LetterboxdFile, readonly [ImportAction, ...ImportAction[]]> = {
  'ratings.csv': ['rating'], 'watchlist.csv': ['wishlist'], 'watched.csv': ['history'], 'diary.csv': ['history', 'rating'],
};

function readRow(file: LetterboxdFile, source: string, row: Row, into: ReadEntries): void {
  const title = (row.Name ?? '').trim();
  const year = yearOf(row.Year);
  const tmdbId = tmdbIdOf(row[TMDB_COLUMN]);
  const [action] = ACTIONS[file];
  const refuse = (reason: string, what: ImportAction = action) =>
    into.bad.push({ source, title, year: year === 'invalid' ? null : year, action: what, reason });
  if (!title && tmdbId === null) return void refuse('The row has no Name.');
  if (year === 'invalid') return void refuse(`Year "${row.Year}" is not a year.`);
  const dateText = (file === 'diary.csv' && row['Watched Date']?.trim()) || (row.Date ?? '').trim();
  const date = dayOf(dateText);
  if (!date) return void refuse(`Date "${dateText}" is not a YYYY-MM-DD date.`);
  const base = { source, title, year, type: 'movie' as const, tmdbId, date };
  const ratingText = (row.Rating ?? '').trim();
  const stars = ratingText === '' ? null : starsFromHalfStars(Number(ratingText));
  if (file === 'ratings.csv' && stars === null) return void refuse(`Rating "${ratingText}" is not 0.5 to 5 stars in half stars.`);
  if (file === 'diary.csv' && ratingText !== '' && stars === null) {
    refuse(`Rating "${ratingText}" is not 0.5 to 5 stars in half stars.`, 'rating');
  }
  const entries: FileEntry[] = [];
  if (file === 'ratings.csv') entries.push({ ...base, action: 'rating', rating: stars! });
  if (file === 'watchlist.csv') entries.push({ ...base, action: 'wishlist' });
  if (file === 'watched.csv' || file === 'diary.csv') entries.push({ ...base, action: 'history' });
  if (file === 'diary.csv' && stars !== null) entries.push({ ...base, action: 'rating', rating: stars });
  into.entries.push(...entries);
}

/** One exported row: a movie with its day, and its stars for ratings.csv. */
export interface LetterboxdRow { date: Date; title: string; year: number | null; tmdbId: number; rating?: number }

/** A Letterboxd CSV file of rows, in its export's columns plus tmdbID. */
export function writeLetterboxdCsv(file: Exclude<LetterboxdFile, 'diary.csv'>, rows: LetterboxdRow[]): string {
  const columns = ['Date', 'Name', 'Year', 'Letterboxd URI', ...(file === 'ratings.csv' ? ['Rating'] : []), TMDB_COLUMN];
  return stringify(rows.map((row) => ({
    Date: row.date.toISOString().slice(0, 10), Name: row.title, Year: row.year ?? '', 'Letterboxd URI': '', Rating: row.rating, [TMDB_COLUMN]: row.tmdbId,
  })), { header: true, columns, record_delimiter: 'unix' });
}
