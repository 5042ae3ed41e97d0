/**
 * What a user's recommendations start from: the titles they rated, saved or watched, each with a weight
 * (how much it says about their taste) and the reason shown on the titles it leads to.
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { FINISHED_PERCENTAGE } from '../history/history.ts';
import { titleKey } from '../titles/client/cards.ts';

export type SignalKind = 'rated' | 'my_list' | 'wishlist' | 'watched';

export interface Signal {
  type: ContentType;
  tmdbId: number;
  kind: SignalKind;
  weight: number;
}

/** The strongest signal per title, plus the summed weight of all of a title's signals. */
export interface Seed extends Signal {
  totalWeight: number;
}

export interface UserSignals {
  seeds: Seed[];
  /** Titles never to recommend: rated, in a list, or watched to the end. */
  excluded: Set<string>;
}

/** 1 star counts against a title's genres and cast, 2 stars is neutral, 5 stars counts most. */
export const ratingWeight = (rating: number) => rating - 2;
const LIST_WEIGHT = 2;
const WATCHING_WEIGHT = 1;
const WATCHED_WEIGHT = 2;

export function reasonFor(kind: SignalKind, title: string): string {
  switch (kind) {
    case 'rated': return `Because you rated ${title}`;
    case 'my_list': return `Because you added ${title} to My List`;
    case 'wishlist': return `Because ${title} is on your Wishlist`;
    case 'watched': return `Because you watched ${title}`;
  }
}

export async function loadSignals(db: Kysely<Database>, userId: string): Promise<UserSignals> {
  const [ratings, lists, history] = await Promise.all([
    db.selectFrom('user_ratings').select(['content_type', 'content_tmdb_id', 'rating']).where('user_id', '=', userId).execute(),
    db.selectFrom('user_list_items').select(['content_type', 'content_tmdb_id', 'list']).where('user_id', '=', userId).execute(),
    db.selectFrom('watch_history').select(['content_type', 'content_tmdb_id', 'progress_percentage']).where('user_id', '=', userId).execute(),
  ]);
  const signals: Signal[] = [
    ...ratings.map((r) => ({ type: r.content_type, tmdbId: r.content_tmdb_id, kind: 'rated' as const, weight: ratingWeight(Number(r.rating)) })),
    ...lists.map((l) => ({ type: l.content_type, tmdbId: l.content_tmdb_id, kind: l.list, weight: LIST_WEIGHT })),
    ...history.map((h) => ({
      type: h.content_type, tmdbId: h.content_tmdb_id, kind: 'watched' as const,
      weight: Number(h.progress_percentage) >= FINISHED_PERCENTAGE ? WATCHED_WEIGHT : WATCHING_WEIGHT,
    })),
  ];
  const excluded = new Set([
    ...ratings.map((r) => titleKey({ type: r.content_type, tmdbId: r.content_tmdb_id })),
    ...lists.map((l) => titleKey({ type: l.content_type, tmdbId: l.content_tmdb_id })),
    ...history.filter((h) => Number(h.progress_percentage) >= FINISHED_PERCENTAGE)
      .map((h) => titleKey({ type: h.content_type, tmdbId: h.content_tmdb_id })),
  ]);
  return { seeds: combine(signals), excluded };
}

function combine(signals: Signal[]): Seed[] {
  const byTitle = new Map<string, Seed>();
  for (const signal of signals) {
    const key = titleKey(signal);
    const seed = byTitle.get(key);
    if (!seed) byTitle.set(key, { ...signal, totalWeight: signal.weight });
    else {
      const totalWeight = seed.totalWeight + signal.weight;
      byTitle.set(key, signal.weight > seed.weight ? { ...signal, totalWeight } : { ...seed, totalWeight });
    }
  }
  return [...byTitle.values()];
}
