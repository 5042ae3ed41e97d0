/**
 * The home page and its genre row fragments. The rows are one chain (each shows its genre's best rated not already on
 * the page), so the home page and every fragment are tagged with every list of the chain: the recent titles and each
 * home genre's best rated.
 */
import { heroMovies, loadHomeGenreRows as readHomeGenreRows, recentTitles, type HeroSlide, type HomeGenreRow, type RatingList } from '../page-loaders/home.ts';
import type { TitleCard } from '../titles/client/cards.ts';
import { HOME_MOVIE_GENRE_ROWS, HOME_TV_GENRE_ROWS } from '../catalog/client/genres.ts';
import { cardTags, pageTags, scoredListTags } from './page-tags.ts';
import { batchedRead } from '../page-loaders/batched-load.ts';
import { missing, page, type CataloguePage } from './catalogue-page.ts';

/** Every fragment's load reads all the rows (each row's titles depend on the rows before it): those rendered together share one read. */
const loadHomeGenreRows = batchedRead(readHomeGenreRows);

/** Rows rendered into the home HTML; the others load one after another as the visitor scrolls near them. */
export const HOME_ROWS_IN_HTML = 2;

/** The genres whose headings and links the rows show. */
const HOME_GENRE_IDS = [...HOME_MOVIE_GENRE_ROWS, ...HOME_TV_GENRE_ROWS].map((row) => row.id);

/** The lists the genre rows chain through (down to the candidates read), and the genres their headings and links name. */
function chainTags(ratingLists: readonly RatingList[]): string[] {
  return [
    pageTags.titleList('movie', 'all', 'added'), pageTags.titleList('tv', 'all', 'added'),
    ...HOME_GENRE_IDS.map((id) => pageTags.genre(id)),
    ...ratingLists.flatMap(({ type, genreId, floor }) => scoredListTags(type, `g${genreId}`, 'rating', floor)),
  ];
}

/** The rows the home page renders: the first ones whole, the others as placeholders their fragments replace. */
export type HomeRow = HomeGenreRow | Omit<HomeGenreRow, 'cards'>;

export interface HomeProps { slides: HeroSlide[]; movies: TitleCard[]; shows: TitleCard[]; rows: HomeRow[] }

export const homePage: CataloguePage<Record<string, never>, HomeProps> = {
  route: '/',
  paths: async () => [{}],
  async load(db) {
    const [slides, movies, shows, { rows: genreRows, ratingLists }] = await Promise.all([heroMovies(db), recentTitles(db, 'movie'), recentTitles(db, 'tv'), loadHomeGenreRows(db)]);
    // Only what the page renders: a later row's cards are its fragment's.
    const rows = genreRows.map((row, index): HomeRow => (index < HOME_ROWS_IN_HTML ? row : { key: row.key, type: row.type, genreId: row.genreId, title: row.title, href: row.href }));
    const inHtml = genreRows.slice(0, HOME_ROWS_IN_HTML).flatMap((row) => row.cards);
    return page({ slides, movies, shows, rows }, [...chainTags(ratingLists), ...cardTags([...slides, ...movies, ...shows, ...inHtml])]);
  },
};

/** One home genre row as an HTML fragment (/fragments/home-rows/{key}/): every row that has titles. */
export const homeRowPage: CataloguePage<{ row: string }, { row: HomeGenreRow }> = {
  route: '/fragments/home-rows/[row]',
  pathSet: 'home-rows',
  paths: async (db) => (await loadHomeGenreRows(db)).rows.map((row) => ({ row: row.key })),
  async load(db, params) {
    const { rows, ratingLists } = await loadHomeGenreRows(db);
    const row = rows.find((candidate) => candidate.key === params.row);
    return row ? page({ row }, [...chainTags(ratingLists), ...cardTags(row.cards)]) : missing;
  },
};
