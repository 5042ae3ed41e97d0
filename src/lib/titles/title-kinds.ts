/**
 * The two kinds of title, movies and TV shows, described once: their paths and labels (client/content-types.ts), the
 * spec's messages and Open Graph type of their pages, their tables, their card columns and the subqueries
 * that read either kind under one set of column names (title or name, release or first-air date, movie_id or
 * tv_show_id), so that one typed query serves both. The subqueries are plain projections, which Postgres pulls up
 * into the query around them: plans and indexes stay those of the tables themselves.
 */
import { expressionBuilder, type AliasedSelectQueryBuilder } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import type { CardRow } from './client/cards.ts';
import { CLIENT_TITLE_KINDS, type ClientTitleKind } from './client/content-types.ts';

/** A title of either kind, as `titles` gives it. */
export interface TitleRow extends CardRow {
  id: number;
  overview: string | null;
  vote_count: number;
  popularity: number;
  is_published: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface GenreLink { title_id: number; genre_id: number }
export interface ProviderLink { title_id: number; platform_id: number }
export interface CreditLink { title_id: number; person_id: number; credit_order: number; character_name: string | null }

export interface TitleKind extends ClientTitleKind {
  /** The spec's message for a title URL without a usable id. */
  noIdMessage: string;
  /** The spec's message for a title that does not exist or is not published. */
  notFoundMessage: string;
  /** og:type of the title's page. */
  ogType: 'video.movie' | 'video.tv_show';
  /** Kysely lets a query of this union name either table's columns: only those both have are safe (else use `titles`). */
  table: 'movies' | 'tv_shows';
  genreTable: 'movie_genres' | 'tv_show_genres';
  providerTable: 'movie_providers' | 'tv_show_providers';
  creditTable: 'movie_credits' | 'tv_show_credits';
  /** The column of the genre, provider and credit tables that references the title. */
  owner: 'movie_id' | 'tv_show_id';
  /** For queries of this kind alone (`.select(TITLE_KINDS.movie.cardColumns)`): a CardRow per row. */
  cardColumns: readonly string[];
  titles: AliasedSelectQueryBuilder<TitleRow, 'titles'>;
  genreLinks: AliasedSelectQueryBuilder<GenreLink, 'genre_links'>;
  providerLinks: AliasedSelectQueryBuilder<ProviderLink, 'provider_links'>;
  creditLinks: AliasedSelectQueryBuilder<CreditLink, 'credit_links'>;
}

/** What only the server writes of each kind: the spec's messages and its pages' Open Graph type (islands show none). */
const SERVER_TEXTS = {
  movie: { noIdMessage: 'No movie ID provided.', notFoundMessage: 'Movie not found.', ogType: 'video.movie' },
  tv: { noIdMessage: 'No TV show ID provided.', notFoundMessage: 'TV show not found.', ogType: 'video.tv_show' },
} as const;

/** Each kind's tables, and the column of its genre, provider and credit tables that references the title. */
const TABLES = {
  movie: { table: 'movies', genreTable: 'movie_genres', providerTable: 'movie_providers', creditTable: 'movie_credits', owner: 'movie_id' },
  tv: { table: 'tv_shows', genreTable: 'tv_show_genres', providerTable: 'tv_show_providers', creditTable: 'tv_show_credits', owner: 'tv_show_id' },
} as const;

/** A card's columns of each kind, its title (or name) and release (or first-air) date named `title` and `date`. */
const CARD_COLUMNS_OF = {
  movie: ['movies.tmdb_id', 'movies.title as title', 'movies.release_date as date', 'movies.poster_path', 'movies.backdrop_path', 'movies.vote_average'],
  tv: ['tv_shows.tmdb_id', 'tv_shows.name as title', 'tv_shows.first_air_date as date', 'tv_shows.poster_path', 'tv_shows.backdrop_path',
    'tv_shows.vote_average'],
} as const;

// Subqueries need no connection: they are compiled as part of the query that uses them.
const eb = expressionBuilder<Database>();
/** Columns both title tables name alike. */
const SHARED_COLUMNS = ['id', 'overview', 'vote_count', 'popularity', 'is_published', 'created_at', 'updated_at'] as const;
const CREDIT_COLUMNS = ['person_id', 'credit_order', 'character_name'] as const;

export const TITLE_KINDS = {
  movie: { ...CLIENT_TITLE_KINDS.movie, ...SERVER_TEXTS.movie, ...TABLES.movie, cardColumns: CARD_COLUMNS_OF.movie,
    titles: eb.selectFrom('movies').select([...SHARED_COLUMNS, ...CARD_COLUMNS_OF.movie]).as('titles'),
    genreLinks: eb.selectFrom('movie_genres').select(['movie_id as title_id', 'genre_id']).as('genre_links'),
    providerLinks: eb.selectFrom('movie_providers').select(['movie_id as title_id', 'platform_id']).as('provider_links'),
    creditLinks: eb.selectFrom('movie_credits').select(['movie_id as title_id', ...CREDIT_COLUMNS]).as('credit_links'),
  },
  tv: { ...CLIENT_TITLE_KINDS.tv, ...SERVER_TEXTS.tv, ...TABLES.tv, cardColumns: CARD_COLUMNS_OF.tv,
    titles: eb.selectFrom('tv_shows').select([...SHARED_COLUMNS, ...CARD_COLUMNS_OF.tv]).as('titles'),
    genreLinks: eb.selectFrom('tv_show_genres').select(['tv_show_id as title_id', 'genre_id']).as('genre_links'),
    providerLinks: eb.selectFrom('tv_show_providers').select(['tv_show_id as title_id', 'platform_id']).as('provider_links'),
    creditLinks: eb.selectFrom('tv_show_credits').select(['tv_show_id as title_id', ...CREDIT_COLUMNS]).as('credit_links'),
  },
} satisfies Record<ContentType, TitleKind>;

/** The columns of `titles` a card is made of (a CardRow). */
export const CARD_COLUMNS = ['titles.tmdb_id', 'titles.title', 'titles.date', 'titles.poster_path', 'titles.backdrop_path',
  'titles.vote_average'] as const;

/** The kind of `type`, as generic code reads it. */
export function titleKind(type: ContentType): TitleKind {
  return TITLE_KINDS[type];
}

/** `load` for both kinds at once, by kind. */
export async function forEachKind<T>(load: (type: ContentType) => Promise<T>): Promise<Record<ContentType, T>> {
  const [movie, tv] = await Promise.all([load('movie'), load('tv')]);
  return { movie, tv };
}
