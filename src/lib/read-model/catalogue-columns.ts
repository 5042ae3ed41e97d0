/**
 * The whole public catalogue in flat columns (../columns.ts): what the in-memory read model (read-model.ts) answers
 * from, and what a snapshot of it stores (catalogue-snapshot.ts).
 */
import type { ContentType } from '../titles/client/content-types.ts';
import type { Platform } from '../catalog/client/platform-params.ts';
import type { ListArrays, StringColumn } from '../columns.ts';
import type { SearchIndexColumns } from '../search/search-index.ts';

export type TitleOrder = 'justAdded' | 'released' | 'rated' | 'popular';

/** A kind's published titles in popularity order, field by field; each other order as places in it. */
export interface TitleColumns {
  tmdbId: Int32Array;
  title: StringColumn;
  posterPath: StringColumn;
  backdropPath: StringColumn;
  voteAverage: Float64Array;
  /** Year of the release or first-air date, for the year filter. */
  year: Float64Array;
  genreIds: ListArrays;
  platformIds: ListArrays;
  orders: Record<Exclude<TitleOrder, 'popular'>, Int32Array>;
}

/** People credited in a published title, in popularity order, field by field; the name order as places in it. */
export interface PeopleColumns {
  id: Int32Array;
  name: StringColumn;
  profilePath: StringColumn;
  department: StringColumn;
  byName: Int32Array;
}

/**
 * The title search's entries are the movies then the shows, the people search's the people, each in popularity
 * order.
 */
export interface CatalogueColumns {
  titles: Record<ContentType, TitleColumns>;
  people: PeopleColumns;
  platforms: Platform[];
  titleSearch: SearchIndexColumns;
  peopleSearch: SearchIndexColumns;
}
