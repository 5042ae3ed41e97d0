/**
 * What the calendar shows: releases of the published movies and episodes of the published shows in the user's
 * My List or Wishlist, by day, from TMDB's release and air dates (the import and the sync keep upcoming episodes).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { titleHref } from '../titles/client/cards.ts';
import { slugify } from '../titles/client/slug.ts';
import type { CalendarEntry } from './contract.ts';

type Db = Kysely<Database>;

export const DAY_MS = 86_400_000;
/** The page shows a year ahead; the feed also keeps the last month, as calendar apps show the recent past. */
export const CALENDAR_DAYS_AHEAD = 365;
export const FEED_DAYS_BEHIND = 30;
export const MAX_ENTRIES = 500;

export const dayString = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayString(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The user's releases from `from` to `to` (days, both included), by day then title; at most MAX_ENTRIES. */
export async function releasesFor(db: Db, userId: string, from: string, to: string): Promise<CalendarEntry[]> {
  const [movies, episodes] = await Promise.all([
    db.selectFrom('movies').select(['movies.tmdb_id', 'movies.title', 'movies.poster_path', 'movies.release_date as date'])
      .where('movies.is_published', '=', true).where('movies.release_date', '>=', from).where('movies.release_date', '<=', to)
      .where((eb) => eb.exists(eb.selectFrom('user_list_items').select('user_list_items.user_id')
        .where('user_list_items.user_id', '=', userId).where('user_list_items.content_type', '=', 'movie')
        .whereRef('user_list_items.content_tmdb_id', '=', 'movies.tmdb_id')))
      .orderBy('movies.release_date').orderBy('movies.title').limit(MAX_ENTRIES).execute(),
    db.selectFrom('tv_show_episodes').innerJoin('tv_shows', 'tv_shows.id', 'tv_show_episodes.tv_show_id')
      .select(['tv_shows.tmdb_id', 'tv_shows.name as title', 'tv_shows.poster_path', 'tv_show_episodes.air_date as date',
        'tv_show_episodes.season_number', 'tv_show_episodes.episode_number', 'tv_show_episodes.name as episode_name'])
      .where('tv_shows.is_published', '=', true).where('tv_show_episodes.air_date', '>=', from).where('tv_show_episodes.air_date', '<=', to)
      .where((eb) => eb.exists(eb.selectFrom('user_list_items').select('user_list_items.user_id')
        .where('user_list_items.user_id', '=', userId).where('user_list_items.content_type', '=', 'tv')
        .whereRef('user_list_items.content_tmdb_id', '=', 'tv_shows.tmdb_id')))
      .orderBy('tv_show_episodes.air_date').orderBy('tv_shows.name').orderBy('tv_show_episodes.season_number').orderBy('tv_show_episodes.episode_number')
      .limit(MAX_ENTRIES).execute(),
  ]);
  const entries: CalendarEntry[] = [
    ...movies.map((row) => ({ ...common('movie', row), episode: null })),
    ...episodes.map((row) => ({ ...common('tv', row), episode: { season: row.season_number, number: row.episode_number, name: row.episode_name } })),
  ];
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title)
    || (a.episode?.season ?? 0) - (b.episode?.season ?? 0) || (a.episode?.number ?? 0) - (b.episode?.number ?? 0)).slice(0, MAX_ENTRIES);
}

function common(type: 'movie' | 'tv', row: { tmdb_id: number; title: string; poster_path: string | null; date: string | null }) {
  const title = row.title;
  return { date: row.date!, type, tmdbId: row.tmdb_id, title, posterPath: row.poster_path, href: titleHref({ type, slug: slugify(title), tmdbId: row.tmdb_id }) };
}
