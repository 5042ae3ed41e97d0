/** Genres of TMDB's movie and TV lists (ids are TMDB's), and the rows Home shows (spec section 2). */
export const GENRES: Record<number, string> = {
  28: 'Action', 12: 'Adventure', 16: 'Animation', 35: 'Comedy', 80: 'Crime', 99: 'Documentary', 18: 'Drama',
  10751: 'Family', 14: 'Fantasy', 36: 'History', 27: 'Horror', 10402: 'Music', 9648: 'Mystery', 10749: 'Romance',
  878: 'Science Fiction', 10770: 'TV Movie', 53: 'Thriller', 10752: 'War', 37: 'Western',
  10759: 'Action & Adventure', 10762: 'Kids', 10763: 'News', 10764: 'Reality', 10765: 'Sci-Fi & Fantasy',
  10766: 'Soap', 10767: 'Talk', 10768: 'War & Politics',
};

export const MOVIE_GENRE_IDS = [28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37];
export const TV_GENRE_IDS = [10759, 16, 35, 80, 99, 18, 10751, 10762, 9648, 10763, 10764, 10765, 10766, 10767, 10768, 37];

export interface GenreRow { id: number; label: string }

export const HOME_MOVIE_GENRE_ROWS: GenreRow[] = [
  { id: 28, label: 'Action' }, { id: 12, label: 'Adventure' }, { id: 16, label: 'Animation' }, { id: 35, label: 'Comedy' },
  { id: 80, label: 'Crime' }, { id: 10751, label: 'Family' }, { id: 14, label: 'Fantasy' }, { id: 27, label: 'Horror' },
  { id: 9648, label: 'Mystery' }, { id: 10749, label: 'Romance' }, { id: 878, label: 'Sci-Fi' }, { id: 53, label: 'Thriller' },
];

export const HOME_TV_GENRE_ROWS: GenreRow[] = [
  { id: 10759, label: 'Action' }, { id: 16, label: 'Animation' }, { id: 35, label: 'Comedy' }, { id: 80, label: 'Crime' },
  { id: 18, label: 'Drama' }, { id: 10751, label: 'Family' }, { id: 10762, label: 'Kids' }, { id: 9648, label: 'Mystery' },
  { id: 10765, label: 'Sci-Fi' },
];
