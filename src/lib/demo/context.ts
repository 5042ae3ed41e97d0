/** Shared pieces of the demo catalogue builder: row types, id ranges, dates, art paths and genre balancing. */
import type { Insertable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { slugify } from '../titles/client/slug.ts';
import type { Random } from '../random.ts';

export type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Fictional id ranges (TMDB ids are per kind, so a show may share one with a movie). */
export const IDS = {
  movieTmdb: 900_001,
  showTmdb: 800_001,
  person: 700_001,
  collection: 600_001,
  company: 31_001,
  platform: 9001,
  episodeTmdb: 5_000_001,
} as const;

export const DAY_MS = 86_400_000;
/** The earliest release year the catalogue uses (spec section 9: year filter goes down to 1975). */
export const FIRST_YEAR = 1975;

/** 'YYYY-MM-DD' (UTC) of a moment given in ms. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Days between 1 January FIRST_YEAR and now. */
export function daysSinceFirstYear(now: Date): number {
  return Math.floor((now.getTime() - Date.UTC(FIRST_YEAR, 0, 1)) / DAY_MS);
}

export const art = {
  poster: (key: string) => `/art/poster/${key}.svg`,
  backdrop: (key: string) => `/art/backdrop/${key}.svg`,
  screenshot: (key: string) => `/art/screenshot/${key}.svg`,
  still: (key: string) => `/art/still/${key}.svg`,
  profile: (key: string) => `/art/profile/${key}.svg`,
  logo: (key: string) => `/art/logo/${key}.svg`,
};

/** An artwork key: a one-letter kind with an id, then the slugged name ('m900123-the-last-horizon'). */
export function artKey(prefix: string, id: number, name?: string): string {
  return name === undefined ? `${prefix}${id}` : `${prefix}${id}-${slugify(name)}`;
}

/** Screenshot paths for a title: 3–6 variants of the title's key. */
export function screenshots(random: Random, ref: string): string[] {
  const count = random.int(3, 6);
  return Array.from({ length: count }, (_, i) => art.screenshot(`${ref}-${i + 1}`));
}

const TRAILER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** An 11-character YouTube-like video id (fictional). */
export function trailerKey(random: Random): string {
  return random.string(11, TRAILER_ALPHABET);
}

/** A rating in 3.0–9.2 with one decimal, clustered around 6.3. */
export function voteAverage(random: Random): number {
  const bell = (random.next() + random.next() + random.next()) / 3; // 0..1, peaked at 0.5
  const value = 3.0 + bell * 6.2 + (random.next() - 0.5) * 0.8;
  return Math.min(9.2, Math.max(3.0, Math.round(value * 10) / 10));
}

/**
 * Chooses 1–3 distinct genres per title. Weights fall as a genre fills up (relative to its base weight), so
 * the counts end close to proportional to the base weights instead of drifting with chance: every Home row
 * genre gets its share even at the default size.
 */
export class GenrePicker {
  private readonly counts = new Map<number, number>();

  constructor(private readonly base: ReadonlyMap<number, number>) {
    for (const id of base.keys()) this.counts.set(id, 0);
  }

  pick(random: Random, count: number): number[] {
    const chosen: number[] = [];
    const ids = [...this.base.keys()];
    for (let n = 0; n < count && n < ids.length; n++) {
      const weights = ids.map((id) => {
        if (chosen.includes(id)) return 0;
        const base = this.base.get(id)!;
        return base / (1 + this.counts.get(id)! / (base * 8));
      });
      const id = ids[random.weightedIndex(weights)]!;
      chosen.push(id);
    }
    for (const id of chosen) this.counts.set(id, this.counts.get(id)! + 1);
    return chosen;
  }
}

/**
 * Adds any genre no title uses to some title that can take it (fewer than 3 genres, or in place of a third
 * genre used elsewhere too), so every genre id appears whenever there are enough titles.
 */
export function ensureGenreCoverage(genreIds: readonly number[], titleGenres: number[][], skip: ReadonlySet<number> = new Set()): void {
  const counts = new Map<number, number>();
  for (const g of titleGenres.flat()) counts.set(g, (counts.get(g) ?? 0) + 1);
  let cursor = 0;
  for (const id of genreIds) {
    if (counts.get(id)) continue;
    for (let tries = 0; tries < titleGenres.length; tries++) {
      const index = (cursor + tries) % titleGenres.length;
      const genres = titleGenres[index]!;
      if (skip.has(index)) continue;
      if (genres.length < 3) {
        genres.push(id);
      } else if ((counts.get(genres[2]!) ?? 0) > 1) {
        counts.set(genres[2]!, counts.get(genres[2]!)! - 1);
        genres[2] = id;
      } else {
        continue;
      }
      counts.set(id, 1);
      cursor = index + 1;
      break;
    }
  }
}

/** 1–3 platform ids per title (85% of titles), larger services more often. */
export function providers(random: Random, platformIds: readonly number[]): number[] {
  if (!random.chance(0.85)) return [];
  const weights = platformIds.map((_, i) => 1 / (1 + i * 0.25));
  const chosen = new Set<number>();
  const count = random.weighted([[1, 5], [2, 3], [3, 1]] as const);
  while (chosen.size < Math.min(count, platformIds.length)) chosen.add(platformIds[random.weightedIndex(weights)]!);
  return [...chosen];
}
