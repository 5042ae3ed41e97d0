/** TV shows with seasons (season 0 = Specials) and episodes, genres and providers. */
import { TV_GENRE_IDS } from '../catalog/client/genres.ts';
import {
  art, artKey, daysSinceFirstYear, DAY_MS, ensureGenreCoverage, GenrePicker, IDS, isoDate, providers, screenshots,
  trailerKey, voteAverage, type Row,
} from './context.ts';
import { COUNTRIES, episodeTitle, showName, SPECIAL_TITLES } from './names.ts';
import type { Random } from '../random.ts';
import { episodeOverview, overview, tagline } from './text.ts';

/** Home row genres (spec section 2) weigh far more than the rest, so each row fills at the default size. */
const TV_GENRE_WEIGHTS = new Map<number, number>([
  [18, 1.3], [35, 1.1], [10759, 1.0], [16, 1.0], [80, 1.0], [10751, 1.0], [10762, 1.0], [9648, 1.0], [10765, 1.0],
  [99, 0.1], [10763, 0.1], [10764, 0.1], [10766, 0.1], [10767, 0.1], [10768, 0.1], [37, 0.1],
]);

/** Genres whose episodes run about half an hour. */
const SHORT_FORM = new Set([35, 16, 10762, 10767, 10764]);

/** Every 40th show (from the 14th) takes the TMDB id of a movie, to exercise the movie/TV distinction. */
export const SHARED_TMDB_EVERY = 40;
const SHARED_TMDB_OFFSET = 13;

export interface ShowBuild {
  shows: Row<'tv_shows'>[];
  episodes: Row<'tv_show_episodes'>[];
  showGenres: Row<'tv_show_genres'>[];
  showProviders: Row<'tv_show_providers'>[];
  genres: number[][];
}

export function showTmdbId(index: number, movieCount: number): number {
  const shares = index % SHARED_TMDB_EVERY === SHARED_TMDB_OFFSET && index < movieCount && index < IDS.movieTmdb - IDS.showTmdb;
  return shares ? IDS.movieTmdb + index : IDS.showTmdb + index;
}

export function buildShows(random: Random, count: number, movieCount: number, now: Date, platformIds: number[]): ShowBuild {
  const taken = new Set<string>();
  const span = daysSinceFirstYear(now);
  const nowMs = now.getTime();
  const picker = new GenrePicker(TV_GENRE_WEIGHTS);
  const genres: number[][] = [];
  for (let i = 0; i < count; i++) genres.push(picker.pick(random, random.weighted([[1, 5], [2, 35], [3, 60]] as const)));
  ensureGenreCoverage(TV_GENRE_IDS, genres);

  const shows: Row<'tv_shows'>[] = [];
  const episodes: Row<'tv_show_episodes'>[] = [];
  const showGenres: Row<'tv_show_genres'>[] = [];
  const showProviders: Row<'tv_show_providers'>[] = [];
  let episodeTmdb = IDS.episodeTmdb;
  let episodeId = 1;

  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const tmdbId = showTmdbId(i, movieCount);
    const name = showName(random, taken);
    const key = artKey('t', tmdbId, name);
    const firstGenre = genres[i]![0]!;
    const seasons = random.weighted([[1, 30], [2, 25], [3, 18], [4, 12], [5, 8], [6, 7]] as const);
    const perSeason = random.int(6, 12);
    const minDays = seasons * 365 + 60;
    const daysAgo = random.chance(0.3) ? random.int(minDays, Math.max(minDays, 4 * 365)) : random.int(minDays, Math.max(minDays, span));
    const firstAirMs = nowMs - daysAgo * DAY_MS;
    const runtime = SHORT_FORM.has(firstGenre) ? random.int(22, 30) : random.int(42, 60);
    const streams = random.chance(0.4);
    const recency = Math.max(0, 1 - daysAgo / (8 * 365));
    const popularity = Math.round((random.skewed(0.6, 250, 4) + recency * random.float(5, 100)) * 1000) / 1000;
    const createdAt = new Date(nowMs - random.int(60, 730 * 86_400) * 1000);

    const episode = (season: number, number: number, airMs: number, special: boolean) => {
      const linked = streams && random.chance(special ? 0.5 : 0.8);
      episodes.push({
        id: episodeId++,
        tv_show_id: id,
        season_number: season,
        episode_number: number,
        tmdb_id: episodeTmdb++,
        name: special ? random.pick(SPECIAL_TITLES) : season === 1 && number === 1 ? 'Pilot' : episodeTitle(random),
        overview: episodeOverview(random, special),
        still_path: random.chance(0.95) ? art.still(`t${tmdbId}-s${season}e${number}`) : null,
        air_date: isoDate(Math.min(airMs, nowMs)),
        runtime: Math.max(10, runtime + random.int(-4, 4)),
        stream_url: linked ? `/embed/tv/${tmdbId}/${season}/${number}` : null,
        download_url: linked && random.chance(0.3) ? `/embed/tv/${tmdbId}/${season}/${number}?download=1` : null,
      });
    };

    const firstEpisode = episodes.length;
    for (let season = 1; season <= seasons; season++) {
      const seasonStart = firstAirMs + (season - 1) * 365 * DAY_MS + random.int(0, 40) * DAY_MS;
      const length = Math.max(6, Math.min(12, perSeason + random.int(-2, 2)));
      for (let n = 1; n <= length; n++) episode(season, n, seasonStart + (n - 1) * 7 * DAY_MS, false);
    }
    if (random.chance(0.2)) {
      const specials = random.int(1, 4);
      for (let n = 1; n <= specials; n++) episode(0, n, firstAirMs + random.int(30, seasons * 365) * DAY_MS, true);
    }
    if (streams && episodes.slice(firstEpisode).every((e) => e.stream_url)) {
      // The newest episode is "coming soon": a streamed show always has some episodes without a link.
      const latest = episodes.findLast((e) => e.tv_show_id === id && e.season_number === seasons)!;
      latest.stream_url = null;
      latest.download_url = null;
    }

    const country = COUNTRIES[random.weightedIndex(COUNTRIES.map((c) => c[3]))]![1];
    shows.push({
      id,
      tmdb_id: tmdbId,
      name,
      overview: overview(random, firstGenre, 'tv'),
      tagline: random.chance(0.6) ? tagline(random) : null,
      poster_path: random.chance(0.98) ? art.poster(key) : null,
      backdrop_path: random.chance(0.96) ? art.backdrop(key) : null,
      vote_average: voteAverage(random),
      vote_count: Math.round(popularity * random.float(5, 40)) + random.int(0, 30),
      first_air_date: isoDate(firstAirMs),
      origin_country: [country],
      number_of_seasons: seasons,
      screenshots: screenshots(random, artKey('t', tmdbId)),
      trailer_key: random.chance(0.8) ? trailerKey(random) : null,
      is_published: !random.chance(0.05),
      created_at: createdAt,
      updated_at: createdAt,
      view_count: Math.round(popularity * random.float(5, 80)),
      popularity,
    });
    for (const genreId of genres[i]!) showGenres.push({ tv_show_id: id, genre_id: genreId });
    for (const platformId of providers(random, platformIds)) showProviders.push({ tv_show_id: id, platform_id: platformId });
  }
  return { shows, episodes, showGenres, showProviders, genres };
}
