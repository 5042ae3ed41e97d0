/** Franchise (collection) pages: every collection with published movies, in two queries for the whole build. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { titleCard, type TitleCard } from '../titles/client/cards.ts';
import { slugify } from '../titles/client/slug.ts';
import { TITLE_KINDS } from '../titles/title-kinds.ts';

export interface FranchisePage {
  id: number;
  name: string;
  slug: string;
  overview: string | null;
  posterPath: string | null;
  backdropPath: string | null;
  /** Published movies in release order (undated ones last). */
  movies: TitleCard[];
}

export function franchiseHref(franchise: Pick<FranchisePage, 'id' | 'name'>): string {
  return `/franchise/${franchise.id}/${slugify(franchise.name)}`;
}

/** The collections with a published movie: the franchises that have a page. */
export function collectionsWithPublishedMovies(db: Kysely<Database>) {
  return db.selectFrom('collections').where((eb) => eb.exists(eb.selectFrom('movies').select(sql`1`.as('one'))
    .whereRef('movies.collection_id', '=', 'collections.id').where('movies.is_published', '=', true)));
}

/** Collections that have at least one published movie (all, or the given ids). */
export async function loadFranchisePages(db: Kysely<Database>, ids?: number[]): Promise<FranchisePage[]> {
  if (ids && ids.length === 0) return [];
  let moviesQuery = db.selectFrom('movies').select([...TITLE_KINDS.movie.cardColumns, 'movies.collection_id'])
    .where('movies.is_published', '=', true).where('movies.collection_id', 'is not', null);
  if (ids) moviesQuery = moviesQuery.where('movies.collection_id', 'in', ids);
  const movies = await moviesQuery
    .orderBy('movies.release_date', (ob) => ob.asc().nullsLast()).orderBy('movies.id').execute();
  const byCollection = new Map<number, TitleCard[]>();
  for (const movie of movies) {
    const list = byCollection.get(movie.collection_id!) ?? [];
    list.push(titleCard('movie', movie));
    byCollection.set(movie.collection_id!, list);
  }
  if (byCollection.size === 0) return [];
  const collections = await db.selectFrom('collections').selectAll()
    .where('id', 'in', [...byCollection.keys()]).orderBy('id').execute();
  return collections.map((c) => ({
    id: c.id, name: c.name, slug: slugify(c.name), overview: c.overview, posterPath: c.poster_path,
    backdropPath: c.backdrop_path, movies: byCollection.get(c.id)!,
  }));
}
