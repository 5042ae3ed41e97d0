/**
 * More Like This, in two parts. A title page carries the part that is its own: a movie's TMDB recommendations that we
 * have published (the spec's recommended_movies), so a title's change reaches only the pages that recommend it. The
 * whole row, topped up from lists many titles share (a movie's first genre's best rated; for a show, the spec's
 * get_recommended_shows: shows sharing the most genres, best rated first), comes as a fragment rendered on demand
 * (src/pages/fragments/more-like-this/): in the static pages, the takedown of a genre's best-rated title would change
 * every page of the genre.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { anyOf } from '../catalog/any-of.ts';
import { titleCard, type TitleCard } from '../titles/client/cards.ts';
import { TITLE_KINDS } from '../titles/title-kinds.ts';
import { MORE_LIKE_THIS_LIMIT } from './title-page-parts.ts';

type Db = Kysely<Database>;

/** Each movie's published recommendations, in TMDB's order, without itself: at most MORE_LIKE_THIS_LIMIT. */
export async function recommendedMovies(db: Db, movies: { id: number; tmdbId: number; recommended: number[] }[]): Promise<Map<number, TitleCard[]>> {
  const ids = [...new Set(movies.flatMap((m) => m.recommended))];
  const rows = ids.length
    ? await db.selectFrom('movies').select(TITLE_KINDS.movie.cardColumns).where('is_published', '=', true).where('tmdb_id', '=', anyOf(ids)).execute()
    : [];
  const cardByTmdb = new Map(rows.map((row) => [row.tmdb_id, titleCard('movie', row)]));
  return new Map(movies.map((movie) => [movie.id, movie.recommended.filter((id) => id !== movie.tmdbId)
    .map((id) => cardByTmdb.get(id)).filter((card): card is TitleCard => card !== undefined).slice(0, MORE_LIKE_THIS_LIMIT)]));
}

/** The whole row of a published title, and what it read besides its cards (the lists that topped it up). */
export interface MoreLikeThisRow {
  cards: TitleCard[];
  /** TMDB ids of the title's recommendations, published or not. */
  recommended: number[];
  /**
   * The genres whose best-rated titles the row was topped up from, each down to the lowest rating read (null: every
   * title of the genre, as far as the row could tell).
   */
  ratingLists: { genreId: number; floor: number | null }[];
}

export async function moreLikeThisRow(db: Db, type: ContentType, tmdbId: number): Promise<MoreLikeThisRow | null> {
  return type === 'movie' ? movieRow(db, tmdbId) : showRow(db, tmdbId);
}

async function movieRow(db: Db, tmdbId: number): Promise<MoreLikeThisRow | null> {
  const movie = await db.selectFrom('movies').select(['id', 'recommended_tmdb_ids']).where('tmdb_id', '=', tmdbId)
    .where('is_published', '=', true).executeTakeFirst();
  if (!movie) return null;
  const [recommended, firstGenre] = await Promise.all([
    recommendedMovies(db, [{ id: movie.id, tmdbId, recommended: movie.recommended_tmdb_ids }]),
    // The movie's first genre by name, as its page lists them.
    db.selectFrom('movie_genres').innerJoin('genres', 'genres.id', 'movie_genres.genre_id').select('genres.id')
      .where('movie_genres.movie_id', '=', movie.id).orderBy('genres.name').limit(1).executeTakeFirst(),
  ]);
  const cards = recommended.get(movie.id) ?? [];
  if (cards.length >= MORE_LIKE_THIS_LIMIT || !firstGenre) return { cards, recommended: movie.recommended_tmdb_ids, ratingLists: [] };
  const limit = MORE_LIKE_THIS_LIMIT + cards.length + 1;
  const best = await db.selectFrom('movie_genres').innerJoin('movies', 'movies.id', 'movie_genres.movie_id')
    .select(TITLE_KINDS.movie.cardColumns).where('movies.is_published', '=', true).where('movie_genres.genre_id', '=', firstGenre.id)
    .orderBy('movies.vote_average', (ob) => ob.desc().nullsLast()).orderBy('movies.id').limit(limit).execute();
  for (const row of best) {
    if (cards.length >= MORE_LIKE_THIS_LIMIT) break;
    if (row.tmdb_id !== tmdbId && !cards.some((card) => card.tmdbId === row.tmdb_id)) cards.push(titleCard('movie', row));
  }
  const lowest = best.length === limit ? best.at(-1)!.vote_average : null;
  return { cards, recommended: movie.recommended_tmdb_ids, ratingLists: [{ genreId: firstGenre.id, floor: lowest === null ? null : Number(lowest) }] };
}

/**
 * The best-rated published shows of each genre that More Like This considers. Without a cap, ranking would pair
 * a show with every show sharing a genre.
 */
export const MORE_LIKE_THIS_CANDIDATES_PER_GENRE = 100;

/** Published shows sharing the most genres with the show, best rated first, among each genre's best-rated candidates. */
async function showRow(db: Db, tmdbId: number): Promise<MoreLikeThisRow | null> {
  const show = await db.selectFrom('tv_shows').select('id').where('tmdb_id', '=', tmdbId).where('is_published', '=', true).executeTakeFirst();
  if (!show) return null;
  const genres = (await db.selectFrom('tv_show_genres').select('genre_id').where('tv_show_id', '=', show.id).execute()).map((row) => row.genre_id);
  // Each genre's candidates are not read here, so the row takes every rating of its genres to matter.
  const ratingLists = genres.map((genreId) => ({ genreId, floor: null }));
  if (genres.length === 0) return { cards: [], recommended: [], ratingLists };
  const rows = await db
    .with('candidates', (qc) => qc.selectFrom((eb) => eb.selectFrom('tv_show_genres')
        .innerJoin('tv_shows', 'tv_shows.id', 'tv_show_genres.tv_show_id')
        .select(['tv_show_genres.genre_id', 'tv_show_genres.tv_show_id',
          sql<number>`row_number() over (partition by tv_show_genres.genre_id order by tv_shows.vote_average desc nulls last, tv_shows.id)`.as('rank')])
        .where('tv_shows.is_published', '=', true).where('tv_show_genres.genre_id', 'in', genres)
        .as('ranked_in_genre'))
      .select(['genre_id', 'tv_show_id']).where('rank', '<=', MORE_LIKE_THIS_CANDIDATES_PER_GENRE))
    .selectFrom('candidates').innerJoin('tv_shows', 'tv_shows.id', 'candidates.tv_show_id')
    .select(TITLE_KINDS.tv.cardColumns)
    .where('candidates.tv_show_id', '<>', show.id)
    .groupBy('tv_shows.id')
    .orderBy(sql`count(*)`, 'desc').orderBy('tv_shows.vote_average', (ob) => ob.desc().nullsLast()).orderBy('tv_shows.id')
    .limit(MORE_LIKE_THIS_LIMIT).execute();
  return { cards: rows.map((row) => titleCard('tv', row)), recommended: [], ratingLists };
}
