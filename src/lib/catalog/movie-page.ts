/**
 * Everything the movie page shows, loaded for many movies at once: a build prerenders every published
 * movie, so each relation is one query over all of them rather than one query per page.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, ProductionCompany } from '../../../db/schema.ts';
import { titleCard, type TitleCard } from './client/cards.ts';
import { TITLE_KINDS } from './title-kinds.ts';
import { groupBy, loadTitleRelations, MORE_LIKE_THIS_LIMIT, relationIds, titlePageBase, type TitlePageBase } from './title-page-parts.ts';

export interface MoviePage extends TitlePageBase {
  releaseDate: string | null;
  runtime: number | null;
  budget: number | null;
  revenue: number | null;
  productionCompanies: ProductionCompany[];
  streamUrl: string | null;
  collection: { id: number; name: string; parts: TitleCard[] } | null;
  /** TMDB's recommendations, published or not: More Like This shows those we have published. */
  recommendedTmdbIds: number[];
}

/** Published movies (all, or those with the given TMDB ids) with every relation the page shows. */
export async function loadMoviePages(db: Kysely<Database>, tmdbIds?: number[]): Promise<MoviePage[]> {
  const movies = tmdbIds?.length === 0 ? [] : await db.selectFrom('movies').selectAll().where('is_published', '=', true)
    .$if(tmdbIds !== undefined, (q) => q.where('tmdb_id', 'in', tmdbIds!)).orderBy('id').execute();
  if (movies.length === 0) return [];
  const ids = relationIds(movies, tmdbIds);

  const collectionIds = [...new Set(movies.map((m) => m.collection_id).filter((id): id is number => id !== null))];
  const [relationsOf, collections, collectionParts] = await Promise.all([
    loadTitleRelations(db, 'movie', ids),
    collectionIds.length ? db.selectFrom('collections').select(['id', 'name']).where('id', 'in', collectionIds).execute() : [],
    collectionIds.length
      ? db.selectFrom('movies').select([...TITLE_KINDS.movie.cardColumns, 'movies.collection_id']).where('is_published', '=', true)
          .where('collection_id', 'in', collectionIds).orderBy('release_date').execute()
      : [],
  ]);
  const similar = await moreLikeThis(db, movies.map((m) => ({
    id: m.id, tmdbId: m.tmdb_id, recommended: m.recommended_tmdb_ids, firstGenre: relationsOf(m.id).genres[0]?.id,
  })));

  const partsByCollection = groupBy(collectionParts, (p) => p.collection_id);
  const collectionNames = new Map(collections.map((c) => [c.id, c.name]));

  return movies.map((m) => ({
    ...titlePageBase({ ...m, date: m.release_date }, relationsOf(m.id), similar.get(m.id) ?? []),
    releaseDate: m.release_date,
    runtime: m.runtime,
    budget: m.budget,
    revenue: m.revenue,
    productionCompanies: m.production_companies,
    streamUrl: m.stream_url,
    recommendedTmdbIds: m.recommended_tmdb_ids,
    collection: m.collection_id !== null && collectionNames.has(m.collection_id)
      ? { id: m.collection_id, name: collectionNames.get(m.collection_id)!,
        parts: (partsByCollection.get(m.collection_id) ?? []).map((part) => titleCard('movie', part)) }
      : null,
  }));
}

/**
 * More Like This: the movie's TMDB recommendations that we have published, topped up with the best-rated
 * published movies sharing its first genre.
 */
async function moreLikeThis(
  db: Kysely<Database>,
  movies: { id: number; tmdbId: number; recommended: number[]; firstGenre: number | undefined }[],
): Promise<Map<number, TitleCard[]>> {
  const recommendedIds = [...new Set(movies.flatMap((m) => m.recommended))];
  const genreIds = [...new Set(movies.flatMap((m) => (m.firstGenre === undefined ? [] : [m.firstGenre])))];

  const [recommended, byGenre] = await Promise.all([
    recommendedIds.length
      ? db.selectFrom('movies').select(TITLE_KINDS.movie.cardColumns).where('is_published', '=', true).where('tmdb_id', 'in', recommendedIds).execute()
      : [],
    genreIds.length
      ? db.selectFrom((eb) => eb.selectFrom('movie_genres').innerJoin('movies', 'movies.id', 'movie_genres.movie_id')
          .select([...TITLE_KINDS.movie.cardColumns, 'movie_genres.genre_id',
            sql<number>`row_number() over (partition by movie_genres.genre_id order by movies.vote_average desc nulls last, movies.id)`.as('position')])
          .where('movies.is_published', '=', true).where('movie_genres.genre_id', 'in', genreIds).as('ranked'))
        .selectAll().where('position', '<=', MORE_LIKE_THIS_LIMIT + 1).execute()
      : [],
  ]);
  const cardByTmdb = new Map(recommended.map((r) => [r.tmdb_id, titleCard('movie', r)]));
  const topByGenre = groupBy(byGenre, (r) => r.genre_id);

  const result = new Map<number, TitleCard[]>();
  for (const movie of movies) {
    const cards = movie.recommended.filter((id) => id !== movie.tmdbId).map((id) => cardByTmdb.get(id)).filter((c): c is TitleCard => c !== undefined);
    for (const row of movie.firstGenre === undefined ? [] : topByGenre.get(movie.firstGenre) ?? []) {
      if (cards.length >= MORE_LIKE_THIS_LIMIT) break;
      if (row.tmdb_id !== movie.tmdbId && !cards.some((c) => c.tmdbId === row.tmdb_id)) cards.push(titleCard('movie', row));
    }
    result.set(movie.id, cards.slice(0, MORE_LIKE_THIS_LIMIT));
  }
  return result;
}
