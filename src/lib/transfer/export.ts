/**
 * "Download my data": a user's lists, ratings and history, in one of three formats.
 * - json: our own format (cinecat-format.ts), everything: both lists, ratings, the whole history with its progress.
 * - trakt: one JSON document of Trakt export items: the Wishlist as the watchlist, ratings on 1 to 10, and the
 *   history of finished titles (an episode for shows).
 * - letterboxd: a ZIP of Letterboxd's CSV files (ratings.csv, watchlist.csv, watched.csv) with a tmdbID column; films
 *   only, as Letterboxd keeps, and finished ones for watched.csv.
 * Each imports back here into the same lists, ratings and history (tests/integration/transfer.test.ts).
 */
import { strToU8, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { yearOf } from '../titles/client/cards.ts';
import { titleKind } from '../titles/title-kinds.ts';
import { FINISHED_PERCENTAGE } from '../history/history.ts';
import { CINECAT_FORMAT, CINECAT_VERSION, type CinecatDocument } from './cinecat-format.ts';
import type { ExportFormat } from './contract.ts';
import { writeLetterboxdCsv } from './letterboxd.ts';
import { traktDocument } from './trakt.ts';

type Db = Kysely<Database>;

export interface ExportFile { body: Uint8Array<ArrayBuffer>; contentType: string; fileName: string }

interface Named { type: ContentType; tmdbId: number; title: string | null; year: number | null }

export async function exportUserData(db: Db, userId: string, format: ExportFormat, now = new Date()): Promise<ExportFile> {
  const data = await userData(db, userId);
  const day = now.toISOString().slice(0, 10);
  if (format === 'json') {
    const document: CinecatDocument = {
      format: CINECAT_FORMAT, version: CINECAT_VERSION, exportedAt: now.toISOString(),
      lists: {
        my_list: data.myList.map(({ addedAt, ...title }) => ({ ...title, addedAt: addedAt.toISOString() })),
        wishlist: data.wishlist.map(({ addedAt, ...title }) => ({ ...title, addedAt: addedAt.toISOString() })),
      },
      ratings: data.ratings.map(({ ratedAt, ...rating }) => ({ ...rating, ratedAt: ratedAt.toISOString() })),
      history: data.history.map(({ watchedAt, ...watch }) => ({ ...watch, watchedAt: watchedAt.toISOString() })),
    };
    return jsonFile(document, `cinecat-data-${day}.json`);
  }
  const finished = data.history.filter((watch) => watch.progress >= FINISHED_PERCENTAGE);
  if (format === 'trakt') return jsonFile(traktDocument({ wishlist: data.wishlist, ratings: data.ratings, history: finished }), `cinecat-trakt-${day}.json`);
  const movies = <T extends Named>(rows: T[]) => rows.filter((row) => row.type === 'movie').map((row) => ({ ...row, title: row.title ?? '' }));
  const zip = zipSync({
    'ratings.csv': strToU8(writeLetterboxdCsv('ratings.csv', movies(data.ratings).map((row) => ({ ...row, date: row.ratedAt })))),
    'watchlist.csv': strToU8(writeLetterboxdCsv('watchlist.csv', movies(data.wishlist).map((row) => ({ ...row, date: row.addedAt })))),
    'watched.csv': strToU8(writeLetterboxdCsv('watched.csv', movies(finished).map((row) => ({ ...row, date: row.watchedAt })))),
  });
  return { body: new Uint8Array(zip), contentType: 'application/zip', fileName: `cinecat-letterboxd-${day}.zip` };
}

const jsonFile = (value: unknown, fileName: string): ExportFile =>
  ({ body: new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`), contentType: 'application/json; charset=utf-8', fileName });

/** Every list item, rating and watch of the user, oldest first, each with its title's name and year when we have it. */
async function userData(db: Db, userId: string) {
  const [items, ratings, history] = await Promise.all([
    db.selectFrom('user_list_items').select(['list', 'content_type', 'content_tmdb_id', 'added_at'])
      .where('user_id', '=', userId).orderBy('added_at').orderBy('content_tmdb_id').execute(),
    db.selectFrom('user_ratings').select(['content_type', 'content_tmdb_id', 'rating', 'updated_at'])
      .where('user_id', '=', userId).orderBy('updated_at').orderBy('content_tmdb_id').execute(),
    db.selectFrom('watch_history')
      .select(['content_type', 'content_tmdb_id', 'season_number', 'episode_number', 'progress_percentage', 'position_seconds', 'last_watched_at'])
      .where('user_id', '=', userId).orderBy('last_watched_at').orderBy('content_tmdb_id').execute(),
  ]);
  const names = await titleNames(db, [...items, ...ratings, ...history]);
  const named = (row: { content_type: ContentType; content_tmdb_id: number }): Named => ({
    type: row.content_type, tmdbId: row.content_tmdb_id, ...(names.get(`${row.content_type}:${row.content_tmdb_id}`) ?? { title: null, year: null }),
  });
  const listed = (list: string) => items.filter((item) => item.list === list).map((item) => ({ ...named(item), addedAt: new Date(item.added_at) }));
  return {
    myList: listed('my_list'),
    wishlist: listed('wishlist'),
    ratings: ratings.map((row) => ({ ...named(row), rating: Number(row.rating), ratedAt: new Date(row.updated_at) })),
    history: history.map((row) => ({
      ...named(row), season: row.season_number, episode: row.episode_number, progress: Number(row.progress_percentage),
      position: Number(row.position_seconds), watchedAt: new Date(row.last_watched_at),
    })),
  };
}

/** Titles and years of the titles rows point at, published or not (a user's data names what they saved). */
async function titleNames(db: Db, rows: { content_type: ContentType; content_tmdb_id: number }[]) {
  const names = new Map<string, { title: string; year: number | null }>();
  for (const type of ['movie', 'tv'] as const) {
    const ids = [...new Set(rows.filter((row) => row.content_type === type).map((row) => row.content_tmdb_id))];
    if (!ids.length) continue;
    const found = await db.selectFrom(titleKind(type).titles).select(['titles.tmdb_id', 'titles.title', 'titles.date'])
      .where('titles.tmdb_id', 'in', ids).execute();
    for (const row of found) names.set(`${type}:${row.tmdb_id}`, { title: row.title, year: yearOf(row.date) });
  }
  return names;
}
