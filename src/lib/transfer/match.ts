/**
 * Finds the catalogue's title each import entry means, among published titles only (personal data points only at
 * titles visitors can see):
 * - by TMDB id when the file gives one (that id decides: an id we do not have is not matched by name instead);
 * - else by title and year: the title compared without case and extra spaces, the year against the release (or
 *   first-air) year, or any year when the file gives none. Exactly one such title matches; when several do, the
 *   entry is not imported (reported as ambiguous), rather than guessed.
 * One query per kind and batch, whatever the file's size.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { CARD_COLUMNS, titleKind } from '../titles/title-kinds.ts';
import { titleCard, titleHref, type TitleCard } from '../titles/client/cards.ts';
import type { FileEntry } from './entries.ts';

type Db = Kysely<Database>;

export type Resolution = { card: TitleCard; how: string } | { card: null; reason: string };

const BATCH = 1000;
const KIND_WORD: Record<ContentType, { one: string; many: string }> = {
  movie: { one: 'movie', many: 'movies' },
  tv: { one: 'TV show', many: 'TV shows' },
};

/** A title with its spaces collapsed; the database lowers its case (its lower() is the one rule for both sides). */
const spaced = (title: string) => title.trim().replace(/\s+/g, ' ');
const comparableColumn = sql<string>`lower(regexp_replace(btrim(titles.title), '\\s+', ' ', 'g'))`;

const batches = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

export async function resolveEntries(db: Db, entries: FileEntry[]): Promise<Map<FileEntry, Resolution>> {
  const resolved = new Map<FileEntry, Resolution>();
  for (const type of ['movie', 'tv'] as const) {
    const ofType = entries.filter((entry) => entry.type === type);
    const byId = await titlesById(db, type, [...new Set(ofType.flatMap((entry) => entry.tmdbId ?? []))]);
    const byName = await titlesByName(db, type, [...new Set(ofType.filter((entry) => entry.tmdbId === null).map((entry) => spaced(entry.title)))]);
    for (const entry of ofType) resolved.set(entry, entry.tmdbId !== null ? resolveById(entry, byId) : resolveByName(entry, byName));
  }
  return resolved;
}

function resolveById(entry: FileEntry, byId: Map<number, TitleCard>): Resolution {
  const card = byId.get(entry.tmdbId!);
  return card ? { card, how: `TMDB id ${entry.tmdbId}` } : { card: null, reason: `No published ${KIND_WORD[entry.type].one} with TMDB id ${entry.tmdbId} here.` };
}

function resolveByName(entry: FileEntry, byName: Map<string, TitleCard[]>): Resolution {
  const named = byName.get(spaced(entry.title)) ?? [];
  const candidates = entry.year === null ? named : named.filter((card) => card.year === entry.year);
  const what = `"${entry.title}"${entry.year === null ? '' : ` (${entry.year})`}`;
  const word = KIND_WORD[entry.type];
  if (candidates.length === 1) return { card: candidates[0]!, how: `title and ${entry.year === null ? 'no year' : 'year'}` };
  if (!candidates.length) return { card: null, reason: `No published ${word.one} named ${what} here.` };
  return { card: null, reason: `${candidates.length} published ${word.many} are named ${what}: not imported rather than guessed. Add it from its page.` };
}

async function titlesById(db: Db, type: ContentType, ids: number[]): Promise<Map<number, TitleCard>> {
  const cards = new Map<number, TitleCard>();
  for (const batch of batches(ids)) {
    const rows = await db.selectFrom(titleKind(type).titles).select(CARD_COLUMNS)
      .where('titles.is_published', '=', true).where('titles.tmdb_id', 'in', batch).execute();
    for (const row of rows) cards.set(row.tmdb_id, titleCard(type, row));
  }
  return cards;
}

/** The published titles named like each of `names`, keyed by the name as given. */
async function titlesByName(db: Db, type: ContentType, names: string[]): Promise<Map<string, TitleCard[]>> {
  const cards = new Map<string, TitleCard[]>();
  for (const batch of batches(names)) {
    const keys = (await sql<{ name: string; key: string }>`select name, lower(name) as key from unnest(${batch}::text[]) as name`.execute(db)).rows;
    const rows = await db.selectFrom(titleKind(type).titles).select([...CARD_COLUMNS, comparableColumn.as('comparable')])
      .where('titles.is_published', '=', true).where(comparableColumn, 'in', [...new Set(keys.map((row) => row.key))]).execute();
    const byKey = Map.groupBy(rows, (row) => row.comparable);
    for (const { name, key } of keys) cards.set(name, (byKey.get(key) ?? []).map((row) => titleCard(type, row)));
  }
  return cards;
}

/** The report's view of a matched title. */
export const matchOf = (card: TitleCard) => ({ type: card.type, tmdbId: card.tmdbId, title: card.title, href: titleHref(card) });
