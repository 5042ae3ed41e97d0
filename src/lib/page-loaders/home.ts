/**
 * The home page (spec sections 2, 7 and 9): the hero, Recently Added Movies and Shows, and the genre rows (the 12
 * movie and 9 TV rows of section 2, in that order, each from one ranked query per type; each fetches the genre's 50
 * best-rated titles and shows 20 after removing titles the page already shows).
 */
import { sql, type Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleCard, titleKey, type TitleCard } from '../titles/client/cards.ts';
import { categoryHref, genreNames, sortSql } from '../catalog/browse.ts';
import { HOME_MOVIE_GENRE_ROWS, HOME_TV_GENRE_ROWS, type GenreRow } from '../catalog/client/genres.ts';
import { CARD_COLUMNS, titleKind } from '../titles/title-kinds.ts';

export const HOME_RECENT_LIMIT = 20;
export const HERO_SLIDES = 5;

export interface HeroSlide extends TitleCard {
  overview: string | null;
}

/** The most recently added published titles of the kind (Recently Added Movies / Shows). */
export async function recentTitles(db: Kysely<Database>, type: ContentType, limit = HOME_RECENT_LIMIT): Promise<TitleCard[]> {
  const rows = await db.selectFrom(titleKind(type).titles).select(CARD_COLUMNS)
    .where('titles.is_published', '=', true).orderBy('titles.created_at', 'desc').orderBy('titles.id', 'desc').limit(limit).execute();
  return rows.map((row) => titleCard(type, row));
}

/** Up to five recently added published movies that have a backdrop. */
export async function heroMovies(db: Kysely<Database>, limit = HERO_SLIDES): Promise<HeroSlide[]> {
  const rows = await db.selectFrom(titleKind('movie').titles).select([...CARD_COLUMNS, 'titles.overview'])
    .where('titles.is_published', '=', true).where('titles.backdrop_path', 'is not', null)
    .orderBy('titles.created_at', 'desc').orderBy('titles.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...titleCard('movie', row), overview: row.overview }));
}

export const GENRE_ROW_CANDIDATES = 50;
export const GENRE_ROW_SHOWN = 20;

/**
 * Goes through the rows in page order and keeps, per row, the first `shown` candidates not already on the
 * page; what a row keeps counts as shown for the rows after it. Candidate order is kept.
 */
export function removeAlreadyShown<R extends { candidates: TitleCard[] }>(
  rows: R[],
  alreadyShown: Iterable<Pick<TitleCard, 'type' | 'tmdbId'>>,
  shown = GENRE_ROW_SHOWN,
): (R & { cards: TitleCard[] })[] {
  const seen = new Set<string>();
  for (const card of alreadyShown) seen.add(titleKey(card));
  return rows.map((row) => {
    const cards: TitleCard[] = [];
    for (const card of row.candidates) {
      if (cards.length >= shown) break;
      const key = titleKey(card);
      if (seen.has(key)) continue;
      seen.add(key);
      cards.push(card);
    }
    return { ...row, cards };
  });
}

export interface HomeGenreRow {
  /** Stable id, e.g. 'movie-28': the row's element id and its fragment's URL segment. */
  key: string;
  type: ContentType;
  genreId: number;
  title: string;
  /** The category page (View More). */
  href: string;
  cards: TitleCard[];
}

export function homeRowFragmentUrl(key: string): string {
  return `/fragments/home-rows/${key}/`;
}

/**
 * Per genre, its best-rated published titles (vote_average desc), at most `limit` each, in one query: each genre's
 * walks the titles by rating (an index) and stops at `limit`, instead of ranking every title of every genre.
 */
export async function topRatedByGenre(
  db: Kysely<Database>, type: ContentType, genreIds: number[], limit = GENRE_ROW_CANDIDATES,
): Promise<Map<number, TitleCard[]>> {
  const result = new Map<number, TitleCard[]>(genreIds.map((id) => [id, []]));
  if (genreIds.length === 0) return result;
  const { titles, genreLinks } = titleKind(type);
  const rows = await db.selectFrom('genres').where('genres.id', 'in', genreIds)
    .innerJoinLateral((eb) => eb.selectFrom(genreLinks).innerJoin(titles, 'titles.id', 'genre_links.title_id')
      .select([...CARD_COLUMNS, sql<number>`row_number() over (order by ${sortSql('top-rated')})`.as('position')])
      .whereRef('genre_links.genre_id', '=', 'genres.id').where('titles.is_published', '=', true)
      .orderBy(sortSql('top-rated')).limit(limit).as('best'), (join) => join.onTrue())
    .selectAll('best').select('genres.id as genre_id').orderBy('genres.id').orderBy('best.position').execute();
  for (const row of rows) result.get(row.genre_id)!.push(titleCard(type, row));
  return result;
}

/** A home genre's best rated, down to the lowest rating of the candidates read (null: every title of the genre). */
export interface RatingList { type: ContentType; genreId: number; floor: number | null }

/**
 * The lowest rating a list of the best-rated `limit` reaches, for its page's tags (pages/page-tags.ts
 * scoredListTags): null when it holds fewer (it is the whole list) or ends in titles without one. A card's rating is
 * rounded to a tenth, so the floor is the lowest rating that rounds to it.
 */
function ratingFloorOf(cards: TitleCard[], limit: number): number | null {
  const last = cards.at(-1)?.voteAverage;
  return cards.length < limit || last === null || last === undefined ? null : last - 0.05;
}

/**
 * Every home genre row, in page order, after Recently Added Movies and Recently Added Shows (empty rows are dropped),
 * and the best-rated lists they were chosen from.
 */
export async function loadHomeGenreRows(db: Kysely<Database>): Promise<{ rows: HomeGenreRow[]; ratingLists: RatingList[] }> {
  const movieIds = HOME_MOVIE_GENRE_ROWS.map((g) => g.id);
  const showIds = HOME_TV_GENRE_ROWS.map((g) => g.id);
  const [movies, shows, movieCandidates, showCandidates, names] = await Promise.all([
    recentTitles(db, 'movie'), recentTitles(db, 'tv'),
    topRatedByGenre(db, 'movie', movieIds), topRatedByGenre(db, 'tv', showIds),
    genreNames(db, [...movieIds, ...showIds]),
  ]);
  const describe = (type: ContentType, candidates: Map<number, TitleCard[]>) => (genre: GenreRow) => ({
    key: `${type}-${genre.id}`, type, genreId: genre.id,
    title: `${genre.label} ${titleKind(type).pluralLabel}`,
    href: categoryHref(type, genre.id, names.get(genre.id) ?? genre.label),
    candidates: candidates.get(genre.id) ?? [],
  });
  const rows = removeAlreadyShown([
    ...HOME_MOVIE_GENRE_ROWS.map(describe('movie', movieCandidates)),
    ...HOME_TV_GENRE_ROWS.map(describe('tv', showCandidates)),
  ], [...movies, ...shows]);
  return {
    rows: rows.filter((row) => row.cards.length > 0).map(({ candidates: _, ...row }) => row),
    ratingLists: rows.map((row) => ({ type: row.type, genreId: row.genreId, floor: ratingFloorOf(row.candidates, GENRE_ROW_CANDIDATES) })),
  };
}
