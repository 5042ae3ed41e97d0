/**
 * Watch history and Continue Watching (spec sections 5, 7 and 9): one row per user and title holding the last
 * position (and, for shows, the episode); Continue Watching lists titles under 95 % progress, newest first, 20 at most.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { titleHref, titleKey, type TitleCard } from '../titles/client/cards.ts';
import { loadTitleCards } from '../personal/titles.ts';
import type { TitleRef } from '../personal/contract.ts';
import type { ProgressInput } from './contract.ts';
import type { ContinueWatchingItem } from './contract.ts';

type Db = Kysely<Database>;

export const FINISHED_PERCENTAGE = 95;
export const CONTINUE_WATCHING_LIMIT = 20;


export async function recordProgress(db: Db, userId: string, input: ProgressInput, now = new Date()): Promise<void> {
  const values = {
    season_number: input.season ?? null,
    episode_number: input.episode ?? null,
    progress_percentage: Math.round(input.progress * 100) / 100,
    position_seconds: Math.round(input.position),
    last_watched_at: now,
  };
  await db.insertInto('watch_history')
    .values({ user_id: userId, content_type: input.type, content_tmdb_id: input.tmdbId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_tmdb_id']).doUpdateSet(values))
    .execute();
}

export function resumeHref(card: TitleCard, season: number | null, episode: number | null): string {
  const base = titleHref(card);
  return card.type === 'tv' && season !== null && episode !== null ? `${base}?season=${season}&episode=${episode}` : base;
}

export async function continueWatching(db: Db, userId: string): Promise<ContinueWatchingItem[]> {
  const rows = await db.selectFrom('watch_history')
    .select(['content_type', 'content_tmdb_id', 'season_number', 'episode_number', 'progress_percentage'])
    .where('user_id', '=', userId).where('progress_percentage', '<', FINISHED_PERCENTAGE)
    .orderBy('last_watched_at', 'desc').orderBy('content_tmdb_id', 'desc')
    .limit(CONTINUE_WATCHING_LIMIT).execute();
  const refs: TitleRef[] = rows.map((row) => ({ type: row.content_type, tmdbId: row.content_tmdb_id }));
  const cards = await loadTitleCards(db, refs);
  return rows.flatMap((row, index) => {
    const card = cards.get(titleKey(refs[index]!));
    if (!card) return [];
    return [{
      card,
      progress: Number(row.progress_percentage),
      season: row.season_number,
      episode: row.episode_number,
      href: resumeHref(card, row.season_number, row.episode_number),
    }];
  });
}
