/**
 * Public search over published movies and shows, and people credited in them: typo-tolerant and accent-insensitive,
 * answered from the in-memory catalogue (read-model.ts, ../search/search-index.ts) without a database query.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { SEARCH_MAX_QUERY_LENGTH } from '../catalog/contract.ts';
import { catalogueReadModel } from './read-model.ts';
import type { SearchResults } from '../catalog/client/search-results.ts';


export type { PersonResult, SearchResults } from '../catalog/client/search-results.ts';
export { compareRanked, MatchRank } from '../search/search-index.ts';

/** The query as searched; blank means "do not search" (spec: only non-empty trimmed text). */
export function normalizeQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_QUERY_LENGTH);
}

/** Escapes LIKE wildcards so a user's '%' or '_' matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchCatalogue(db: Kysely<Database>, rawQuery: string): Promise<SearchResults> {
  const query = normalizeQuery(rawQuery);
  if (!query) return { titles: [], people: [] };
  return (await catalogueReadModel(db)).search(query);
}
