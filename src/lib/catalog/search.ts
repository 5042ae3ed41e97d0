/**
 * Public search over published movies and shows, and people credited in them. Typo-tolerant and
 * accent-insensitive: every comparison goes through the IMMUTABLE search_text() (lower + unaccent) so the
 * pg_trgm GIN indexes on search_text(title/name) serve both the LIKE and the word-similarity (%>) filters.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { SEARCH_MAX_QUERY_LENGTH } from './contract.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard } from './cards.ts';
import { creditedInPublishedTitle } from './people.ts';
import type { SearchResults } from './search-results.ts';
import { slugify } from './slug.ts';

export const SEARCH_TITLE_LIMIT = 40;
export const SEARCH_PEOPLE_LIMIT = 12;

export type { PersonResult, SearchResults } from './search-results.ts';

/** Exact match, then prefix, then contains, then only similar (a typo): lower is better. */
export enum MatchRank { Exact = 0, Prefix = 1, Contains = 2, Similar = 3 }

/** The query as the database compares it; blank means "do not search" (spec: only non-empty trimmed text). */
export function normalizeQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_QUERY_LENGTH);
}

/** Escapes LIKE wildcards so a user's '%' or '_' matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface Ranked { rank: number; similarity: number; popularity: number }

/** Orders merged movie and show hits the same way each query orders its own. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return a.rank - b.rank || b.similarity - a.similarity || b.popularity - a.popularity;
}

/** rank, similarity and the WHERE filter for one indexed text expression (search_text(column)). */
function matchOf(column: RawBuilder<string>, query: string) {
  const q = sql<string>`search_text(${query})`;
  const pattern = sql<string>`search_text(${escapeLike(query)})`;
  return {
    rank: sql<number>`case when ${column} = ${q} then ${MatchRank.Exact}
      when ${column} like ${pattern} || '%' then ${MatchRank.Prefix}
      when ${column} like '%' || ${pattern} || '%' then ${MatchRank.Contains}
      else ${MatchRank.Similar} end`,
    similarity: sql<number>`word_similarity(${q}, ${column})`,
    filter: sql<SqlBool>`(${column} like '%' || ${pattern} || '%' or ${column} %> ${q})`,
  };
}

/** Exported so a test can EXPLAIN it: the trigram index must serve the filter. */
export function movieSearchQuery(db: Kysely<Database>, query: string) {
  const movie = matchOf(sql<string>`search_text(movies.title)`, query);
  return db.selectFrom('movies').select([...MOVIE_CARD_COLUMNS, 'movies.popularity', movie.rank.as('rank'), movie.similarity.as('similarity')])
    .where('movies.is_published', '=', true).where(movie.filter as Expression<SqlBool>)
    .orderBy('rank').orderBy('similarity', 'desc').orderBy('movies.popularity', 'desc').orderBy('movies.id')
    .limit(SEARCH_TITLE_LIMIT);
}

export async function searchCatalogue(db: Kysely<Database>, rawQuery: string): Promise<SearchResults> {
  const query = normalizeQuery(rawQuery);
  if (!query) return { titles: [], people: [] };
  const show = matchOf(sql<string>`search_text(tv_shows.name)`, query);
  const person = matchOf(sql<string>`search_text(people.name)`, query);

  const [movies, shows, people] = await Promise.all([
    movieSearchQuery(db, query).execute(),
    db.selectFrom('tv_shows').select([...SHOW_CARD_COLUMNS, 'tv_shows.popularity', show.rank.as('rank'), show.similarity.as('similarity')])
      .where('tv_shows.is_published', '=', true).where(show.filter as Expression<SqlBool>)
      .orderBy('rank').orderBy('similarity', 'desc').orderBy('tv_shows.popularity', 'desc').orderBy('tv_shows.id')
      .limit(SEARCH_TITLE_LIMIT).execute(),
    // Only people credited in a published title have a public page.
    db.selectFrom('people').select(['people.id', 'people.name', 'people.profile_path', 'people.known_for_department', 'people.popularity',
      person.rank.as('rank'), person.similarity.as('similarity')])
      .where(person.filter as Expression<SqlBool>)
      .where(creditedInPublishedTitle)
      .orderBy('rank').orderBy('similarity', 'desc').orderBy('people.popularity', 'desc').orderBy('people.id')
      .limit(SEARCH_PEOPLE_LIMIT).execute(),
  ]);

  const titles = [
    ...movies.map((row) => ({ row, card: movieCard(row) })),
    ...shows.map((row) => ({ row, card: showCard(row) })),
  ].sort((a, b) => compareRanked(a.row, b.row)).slice(0, SEARCH_TITLE_LIMIT).map(({ card }) => card);

  return {
    titles,
    people: people.map((p) => ({ id: p.id, name: p.name, slug: slugify(p.name), profilePath: p.profile_path, knownForDepartment: p.known_for_department })),
  };
}
