/**
 * The home page and its genre row fragments. The rows are one chain (each shows its genre's best rated not already on
 * the page), so the home page and every fragment are tagged with every list of the chain: the recent titles and each
 * home genre's best rated.
 */
import type { ContentType } from '../../../db/schema.ts';
import { heroMovies, loadHomeGenreRows as readHomeGenreRows, recentTitles, type HeroSlide, type HomeGenreRow } from '../page-loaders/home.ts';
import type { TitleCard } from '../titles/client/cards.ts';
import { HOME_MOVIE_GENRE_ROWS, HOME_TV_GENRE_ROWS } from '../catalog/client/genres.ts';
import { cardTags, pageTags } from './page-tags.ts';
import { batchedRead } from '../page-loaders/batched-load.ts';
import { missing, page, type CataloguePage } from './catalogue-page.ts';

/** Every fragment's load reads all the rows (each row's titles depend on the rows before it): those rendered together share one read. */
const loadHomeGenreRows = batchedRead(readHomeGenreRows);

/** Rows rendered into the home HTML; the others load one after another as the visitor scrolls near them. */
export const HOME_ROWS_IN_HTML = 2;

const HOME_GENRES: { type: ContentType; id: number }[] = [
  ...HOME_MOVIE_GENRE_ROWS.map((row) => ({ type: 'movie' as const, id: row.id })),
  ...HOME_TV_GENRE_ROWS.map((row) => ({ type: 'tv' as const, id: row.id })),
];

/** The lists the genre rows chain through, and the genres their headings and links name. */
const CHAIN_TAGS = [
  pageTags.titleList('movie', 'all', 'added'), pageTags.titleList('tv', 'all', 'added'),
  ...HOME_GENRES.flatMap(({ type, id }) => [pageTags.titleList(type, `g${id}`, 'rating'), pageTags.genre(id)]),
];

/** The rows the home page renders: the first ones whole, the others as placeholders their fragments replace. */
export type HomeRow = HomeGenreRow | Omit<HomeGenreRow, 'cards'>;

export interface HomeProps { slides: HeroSlide[]; movies: TitleCard[]; shows: TitleCard[]; rows: HomeRow[] }

export const homePage: CataloguePage<Record<string, never>, HomeProps> = {
  route: '/',
  paths: async () => [{}],
  async load(db) {
    const [slides, movies, shows, genreRows] = await Promise.all([heroMovies(db), recentTitles(db, 'movie'), recentTitles(db, 'tv'), loadHomeGenreRows(db)]);
    // Only what the page renders: a later row's cards are its fragment's.
    const rows = genreRows.map((row, index): HomeRow => (index < HOME_ROWS_IN_HTML ? row : { key: row.key, type: row.type, genreId: row.genreId, title: row.title, href: row.href }));
    const inHtml = genreRows.slice(0, HOME_ROWS_IN_HTML).flatMap((row) => row.cards);
    return page({ slides, movies, shows, rows }, [...CHAIN_TAGS, ...cardTags([...slides, ...movies, ...shows, ...inHtml])]);
  },
};

/** One home genre row as an HTML fragment (/fragments/home-rows/{key}/): every row that has titles. */
export const homeRowPage: CataloguePage<{ row: string }, { row: HomeGenreRow }> = {
  route: '/fragments/home-rows/[row]',
  pathSet: 'home-rows',
  paths: async (db) => (await loadHomeGenreRows(db)).map((row) => ({ row: row.key })),
  async load(db, params) {
    const row = (await loadHomeGenreRows(db)).find((candidate) => candidate.key === params.row);
    return row ? page({ row }, [...CHAIN_TAGS, ...cardTags(row.cards)]) : missing;
  },
};
