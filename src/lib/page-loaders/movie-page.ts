/**
 * Everything the movie page shows, loaded for many movies at once: a build prerenders every published
 * movie, so each relation is one query over all of them rather than one query per page.
 */
import type { Kysely } from 'kysely';
import type { Database, ProductionCompany } from '../../../db/schema.ts';
import { titleCard, titleTile, type TitleCard } from '../titles/client/cards.ts';
import { TITLE_KINDS } from '../titles/title-kinds.ts';
import { recommendedMovies } from './more-like-this.ts';
import { groupBy, loadTitleRelations, relationIds, titlePageBase, type TitlePageBase } from './title-page-parts.ts';

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
  const similar = await recommendedMovies(db, movies.map((m) => ({ id: m.id, tmdbId: m.tmdb_id, recommended: m.recommended_tmdb_ids })));

  const partsByCollection = groupBy(collectionParts, (p) => p.collection_id);
  const collectionNames = new Map(collections.map((c) => [c.id, c.name]));

  return movies.map((m) => ({
    ...titlePageBase({ ...m, date: m.release_date }, relationsOf(m.id), (similar.get(m.id) ?? []).map(titleTile)),
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
