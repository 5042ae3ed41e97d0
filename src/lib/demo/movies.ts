/** Movies, their collections (franchises), genres, providers and "more like this" lists. */
import type { ProductionCompany } from '../../../db/schema.ts';
import { MOVIE_GENRE_IDS } from '../catalog/client/genres.ts';
import {
  art, artKey, daysSinceFirstYear, DAY_MS, ensureGenreCoverage, GenrePicker, IDS, isoDate, providers, screenshots,
  trailerKey, voteAverage, type Row,
} from './context.ts';
import { COUNTRIES, movieTitle } from './names.ts';
import type { Random } from '../random.ts';
import { overview, tagline } from './text.ts';

/** Base weights: common genres first; Home row genres all well above the rest. */
const MOVIE_GENRE_WEIGHTS = new Map<number, number>([
  [18, 1.6], [35, 1.4], [28, 1.3], [53, 1.3], [12, 1.0], [10749, 1.0], [80, 1.0], [27, 1.0], [878, 1.0], [9648, 0.9],
  [14, 0.9], [10751, 0.9], [16, 0.9], [99, 0.4], [36, 0.35], [10402, 0.3], [10752, 0.3], [37, 0.3], [10770, 0.25],
]);

export interface MovieBuild {
  collections: Row<'collections'>[];
  movies: Row<'movies'>[];
  movieGenres: Row<'movie_genres'>[];
  movieProviders: Row<'movie_providers'>[];
  /** Genre ids per movie, by index (movie id = index + 1). */
  genres: number[][];
}

interface Plan {
  title: string;
  collectionId: number;
  siblings: number[];
  daysAgo: number;
}

const YEAR_DAYS = 365;

function originCountries(random: Random): string[] {
  const pick = () => COUNTRIES[random.weightedIndex(COUNTRIES.map((c) => c[3]))]![1];
  const first = pick();
  const second = random.chance(0.15) ? pick() : first;
  return second === first ? [first] : [first, second];
}

export function buildMovies(random: Random, count: number, now: Date, companies: ProductionCompany[], platformIds: number[]): MovieBuild {
  const taken = new Set<string>();
  const span = daysSinceFirstYear(now);
  const nowMs = now.getTime();
  const picker = new GenrePicker(MOVIE_GENRE_WEIGHTS);
  const plans = new Map<number, Plan>();
  const genres: number[][] = new Array(count);
  const collections: Row<'collections'>[] = [];

  // Franchises: 2–4 movies sharing a base title, genres and a release order.
  const collectionCount = count >= 8 ? Math.min(Math.round((count * 40) / 1500), Math.floor(count / 4)) : 0;
  const order = random.shuffle(Array.from({ length: count }, (_, i) => i));
  let cursor = 0;
  for (let c = 0; c < collectionCount && cursor + 2 <= count; c++) {
    const size = Math.min(random.int(2, 4), count - cursor);
    const members = order.slice(cursor, cursor + size);
    cursor += size;
    const base = movieTitle(random, taken);
    const id = IDS.collection + c;
    const name = `${base} Collection`;
    const key = artKey('c', id, name);
    collections.push({
      id, name,
      overview: `${size} films follow one story across ${random.pick(['decades', 'generations', 'continents', 'a single extraordinary year'])}, beginning with ${base}.`,
      poster_path: art.poster(key),
      backdrop_path: art.backdrop(key),
    });
    const collectionGenres = picker.pick(random, random.int(1, 3));
    let daysAgo = random.int((size - 1) * 1100 + 30, Math.max((size - 1) * 1100 + 31, span));
    members.forEach((index, part) => {
      if (part > 0) daysAgo = Math.max(0, daysAgo - random.int(600, 1100));
      const title = part === 0 ? base : `${base} ${part + 1}`;
      taken.add(title);
      plans.set(index, { title, collectionId: id, siblings: members.filter((m) => m !== index), daysAgo });
      genres[index] = collectionGenres.slice();
    });
  }

  for (let i = 0; i < count; i++) genres[i] ??= picker.pick(random, random.weighted([[1, 25], [2, 45], [3, 30]] as const));
  ensureGenreCoverage(MOVIE_GENRE_IDS, genres, new Set(plans.keys()));

  const movies: Row<'movies'>[] = [];
  const movieGenres: Row<'movie_genres'>[] = [];
  const movieProviders: Row<'movie_providers'>[] = [];

  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const tmdbId = IDS.movieTmdb + i;
    const plan = plans.get(i);
    const title = plan?.title ?? movieTitle(random, taken);
    const key = artKey('m', tmdbId, title);
    const ref = artKey('m', tmdbId);
    const daysAgo = plan?.daysAgo ?? (random.chance(0.25) ? random.int(0, 3 * YEAR_DAYS) : random.int(0, span));
    const recency = Math.max(0, 1 - daysAgo / (6 * YEAR_DAYS));
    const popularity = Math.round((random.skewed(0.6, 300, 4) + recency * random.float(5, 120)) * 1000) / 1000;
    const firstGenre = genres[i]![0]!;
    const runtimeBase = firstGenre === 16 || firstGenre === 10751 ? 80 : 88;
    const budget = random.chance(0.7) ? Math.round(random.skewed(0.5, 250, 2.5) * 10) * 100_000 : null;
    const revenue = budget !== null && random.chance(0.85) ? Math.round(budget * random.float(0.2, 6) / 1000) * 1000 : null;
    const hasStream = random.chance(0.4);
    const createdAgoSec = random.int(60, Math.min(730, daysAgo + 1) * 86_400);
    const createdAt = new Date(nowMs - createdAgoSec * 1000);

    movies.push({
      id,
      tmdb_id: tmdbId,
      title,
      overview: overview(random, firstGenre, 'movie'),
      tagline: random.chance(0.8) ? tagline(random) : null,
      poster_path: random.chance(0.98) ? art.poster(key) : null,
      backdrop_path: random.chance(0.96) ? art.backdrop(key) : null,
      vote_average: voteAverage(random),
      vote_count: Math.round(popularity * random.float(8, 60)) + random.int(0, 40),
      release_date: isoDate(nowMs - daysAgo * DAY_MS),
      runtime: Math.min(180, runtimeBase + Math.round(random.skewed(0, 92, 2))),
      origin_country: originCountries(random),
      budget,
      revenue,
      production_companies: JSON.stringify(random.sample(companies, random.weighted([[1, 5], [2, 4], [3, 2]] as const))),
      screenshots: screenshots(random, ref),
      stream_url: hasStream ? `/embed/movie/${tmdbId}` : null,
      download_url: hasStream && random.chance(0.5) ? `/embed/movie/${tmdbId}?download=1` : null,
      trailer_key: random.chance(0.85) ? trailerKey(random) : null,
      is_published: !random.chance(0.05),
      created_at: createdAt,
      updated_at: createdAt,
      view_count: Math.round(popularity * random.float(5, 80)),
      collection_id: plan?.collectionId ?? null,
      recommended_tmdb_ids: [],
      popularity,
    });
    for (const genreId of genres[i]!) movieGenres.push({ movie_id: id, genre_id: genreId });
    for (const platformId of providers(random, platformIds)) movieProviders.push({ movie_id: id, platform_id: platformId });
  }

  // More Like This: collection siblings first, then published movies sharing the first genre.
  const byGenre = new Map<number, number[]>();
  movies.forEach((movie, i) => {
    if (!movie.is_published) return;
    for (const g of genres[i]!) (byGenre.get(g) ?? byGenre.set(g, []).get(g)!).push(i);
  });
  movies.forEach((movie, i) => {
    const wanted = random.int(6, 10);
    const chosen = new Set<number>(plans.get(i)?.siblings ?? []);
    const pool = byGenre.get(genres[i]![0]!) ?? [];
    for (let attempt = 0; chosen.size < wanted && attempt < wanted * 6 && pool.length > 1; attempt++) {
      const other = random.pick(pool);
      if (other !== i) chosen.add(other);
    }
    movie.recommended_tmdb_ids = [...chosen].slice(0, wanted).map((index) => IDS.movieTmdb + index);
  });

  return { collections, movies, movieGenres, movieProviders, genres };
}
