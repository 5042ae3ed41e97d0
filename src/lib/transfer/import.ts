/**
 * Imports a Letterboxd or Trakt export (or our own) into a user's ratings, lists and history, and reports on every
 * entry: what it matched and whether it was written, or why not. The file is read whole first (a file we cannot read
 * changes nothing), then matched (match.ts) and written (write.ts). Importing the same file again changes nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import {
  IMPORT_OUTCOMES, MAX_REPORTED_ENTRIES, type ImportEntry, type ImportOutcome, type ImportReport,
} from './contract.ts';
import type { FileEntry } from './entries.ts';
import { matchOf, resolveEntries } from './match.ts';
import { readImportFile } from './read-file.ts';
import { writeEntries, type MatchedEntry } from './write.ts';

type Db = Kysely<Database>;

export async function importFile(db: Db, userId: string, bytes: Uint8Array, name?: string): Promise<ImportReport> {
  const file = readImportFile(bytes, name);
  const resolutions = await resolveEntries(db, file.entries);
  const reported: ImportEntry[] = file.bad.map((bad) => ({ ...bad, outcome: 'skipped', match: null }));
  const matched: MatchedEntry[] = [];
  for (const entry of file.entries) {
    const resolution = resolutions.get(entry)!;
    if (resolution.card) matched.push({ entry, card: resolution.card });
    else reported.push(entryReport(entry, 'not_matched', resolution.reason));
  }
  const { latest, superseded } = latestPerTitle(matched);
  for (const [item, by] of superseded) reported.push({ ...entryReport(item.entry, 'superseded', `A later entry counts: ${by.entry.source}.`), match: matchOf(item.card) });
  for (const [item, outcome] of await writeEntries(db, userId, latest)) {
    reported.push({ ...entryReport(item.entry, outcome, outcome === 'unchanged' ? 'Already here.' : null), match: matchOf(item.card) });
  }
  return report(file.format, file.files, reported);
}

const entryReport = (entry: FileEntry, outcome: ImportOutcome, reason: string | null): ImportEntry => ({
  source: entry.source, title: entry.title || `TMDB id ${entry.tmdbId}`, year: entry.year, action: entry.action, outcome, reason, match: null,
});

/**
 * One entry per action and title: the one with the latest date (the later line on a tie), as a diary's rewatches
 * or a rating changed over time say it; the others are superseded by it.
 */
function latestPerTitle(matched: MatchedEntry[]) {
  const latestByKey = new Map<string, MatchedEntry>();
  for (const item of matched) {
    const key = `${item.entry.action}:${item.card.type}:${item.card.tmdbId}`;
    const current = latestByKey.get(key);
    if (!current || item.entry.date >= current.entry.date) latestByKey.set(key, item);
  }
  const latest = [...latestByKey.values()];
  const winners = new Set(latest);
  const superseded = matched.filter((item) => !winners.has(item))
    .map((item): [MatchedEntry, MatchedEntry] => [item, latestByKey.get(`${item.entry.action}:${item.card.type}:${item.card.tmdbId}`)!]);
  return { latest, superseded };
}

/** Entries not imported come first in the list, which stops at MAX_REPORTED_ENTRIES; the counts cover all. */
const LIST_ORDER: ImportOutcome[] = ['not_matched', 'skipped', 'added', 'updated', 'unchanged', 'superseded'];

function report(format: ImportReport['format'], files: string[], entries: ImportEntry[]): ImportReport {
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((outcome) => [outcome, 0])) as Record<ImportOutcome, number>;
  for (const entry of entries) counts[entry.outcome] += 1;
  const sorted = entries.toSorted((a, b) => LIST_ORDER.indexOf(a.outcome) - LIST_ORDER.indexOf(b.outcome));
  return {
    format, files, counts,
    entries: sorted.slice(0, MAX_REPORTED_ENTRIES),
    omitted: Math.max(0, sorted.length - MAX_REPORTED_ENTRIES),
    message: importMessage(counts),
  };
}

export function importMessage(counts: Record<ImportOutcome, number>): string {
  const parts = [`${counts.added} added`, `${counts.updated} updated`, `${counts.unchanged} already here`,
    `${counts.not_matched} not matched`, `${counts.skipped} skipped`];
  if (counts.superseded) parts.push(`${counts.superseded} replaced by a later entry`);
  return `Import finished: ${parts.join(', ')}.`;
}
