/** Hand-written TMDB responses in TMDB's real shapes, for the fake server and tests. */
const offer = (id: number, name = `Provider ${id}`) => ({ provider_id: id, provider_name: name, logo_path: `/p${id}.jpg`, display_priority: id });
const watchLink = (region: string) => `https://www.themoviedb.org/watch?locale=${region}`;

/**
 * TMDB's watch/providers answer in several regions, every kind among them: `flatrate` and `rent` are the US's
 * (the default region's, so the title's platforms). XX is no ISO 3166-1 code: the import leaves it out.
 */
const providers = (flatrate: number[], rent: number[] = []) => ({
  results: {
    US: { link: watchLink('US'), flatrate: flatrate.map((id) => offer(id)), rent: rent.map((id) => offer(id)) },
    GB: { link: watchLink('GB'), flatrate: [offer(99, 'UK Only')], buy: [offer(2)] },
    DE: { link: watchLink('DE'), flatrate: [offer(flatrate[0]!)], ads: [offer(300, 'Ad Stream')], buy: [offer(2), offer(2)] },
    FR: { link: watchLink('FR'), free: [offer(301, 'Free Channel')], rent: [offer(2)] },
    JP: { link: 'javascript:alert(1)', buy: [offer(2)] },
    XX: { link: watchLink('XX'), flatrate: [offer(302, 'Nowhere TV')] },
  },
});

/** The regions `providers` names that the import keeps. */
export const WATCH_REGIONS = ['DE', 'FR', 'GB', 'JP', 'US'];

const cast = (ids: number[]) => ids.map((id, order) => ({
  adult: false, gender: 2, id, known_for_department: 'Acting', name: `Person ${id}`, original_name: `Person ${id}`,
  popularity: 10 - order, profile_path: `/person${id}.jpg`, cast_id: order, character: `Role ${order}`, credit_id: `c${id}`, order,
}));

export function movieDetails(id: number) {
  return {
    adult: false, backdrop_path: `/back${id}.jpg`, id, imdb_id: `tt${id}`, title: `Movie ${id}`, original_title: `Movie ${id}`,
    belongs_to_collection: id <= 2 ? { id: 900, name: 'Fixture Collection', poster_path: '/col.jpg', backdrop_path: '/colb.jpg' } : null,
    budget: 1000000 * id, revenue: 3000000 * id, genres: [{ id: 28, name: 'Action' }, { id: 18, name: 'Drama' }],
    overview: `Overview ${id}`, tagline: `Tagline ${id}`, popularity: 100 - id, poster_path: `/poster${id}.jpg`,
    production_companies: [{ id: 1, logo_path: '/lf.png', name: 'Lucasfilm', origin_country: 'US' }],
    origin_country: ['US'], release_date: '2020-01-0' + (id % 9 + 1), runtime: 100 + id, status: 'Released',
    vote_average: 7.5, vote_count: 1000 + id,
    credits: { cast: cast([5000 + id, 6000]), crew: [] },
    videos: { results: [
      { iso_639_1: 'en', key: `teaser${id}`, name: 'Teaser', site: 'YouTube', type: 'Teaser', official: true },
      { iso_639_1: 'en', key: `trailer${id}`, name: 'Trailer', site: 'YouTube', type: 'Trailer', official: true },
    ] },
    images: { backdrops: Array.from({ length: 10 }, (_, i) => ({ file_path: `/shot${id}-${i}.jpg`, aspect_ratio: 1.778, height: 1080, width: 1920 })), posters: [], logos: [] },
    'watch/providers': providers([8, 337], [2]),
    external_ids: { imdb_id: `tt${id}`, facebook_id: null, instagram_id: null, twitter_id: null },
    recommendations: { page: 1, results: [{ id: id + 100, media_type: 'movie' }], total_pages: 1, total_results: 1 },
    release_dates: { results: [] },
  };
}

/** A day `days` from today (UTC), as TMDB writes dates: upcoming releases stay upcoming whenever the tests run. */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A movie released in a month, and a show whose next episode (of a season TMDB does not list yet) airs in ten days. */
export const UPCOMING_MOVIE_ID = 551;
export const UPCOMING_SHOW_ID = 1401;
export const UPCOMING_MOVIE_DAYS = 30;
export const NEXT_EPISODE = { season: 3, episode: 1, days: 10 };

export function upcomingMovieDetails() {
  return { ...movieDetails(UPCOMING_MOVIE_ID), title: 'Coming Soon', status: 'Post Production', release_date: dayFromToday(UPCOMING_MOVIE_DAYS) };
}

export const POPULAR_MOVIE_IDS = [1, 2, 3, 4, 5];
export const POPULAR_SHOW_IDS = [1399, 1400];

const seasonNumbers = (id: number) => (id === 1399 ? [0, 1, 2] : [1]);
const seasonsOf = (id: number, aired: Map<number, number>) => [...new Set([...seasonNumbers(id), ...aired.keys()])].sort((a, b) => a - b);

/** A show's details; `aired` adds seasons (number → episode count) to the fixture's own. */
export function showDetails(id: number, aired: Map<number, number> = new Map()) {
  const next = id === UPCOMING_SHOW_ID ? {
    id: id * 1000 + NEXT_EPISODE.season * 10 + NEXT_EPISODE.episode, name: 'The Return', overview: 'Next time.', vote_average: 0, vote_count: 0,
    air_date: dayFromToday(NEXT_EPISODE.days), episode_number: NEXT_EPISODE.episode, episode_type: 'standard', production_code: '', runtime: 50,
    season_number: NEXT_EPISODE.season, show_id: id, still_path: null,
  } : null;
  return {
    status: next ? 'Returning Series' : 'Ended', in_production: Boolean(next), next_episode_to_air: next,
    adult: false, backdrop_path: `/tvback${id}.jpg`, id, name: `Show ${id}`, original_name: `Show ${id}`,
    first_air_date: '2011-04-17', genres: [{ id: 10765, name: 'Sci-Fi & Fantasy' }, { id: 18, name: 'Drama' }],
    overview: `Show overview ${id}`, tagline: '', popularity: 50, poster_path: `/tvposter${id}.jpg`,
    origin_country: ['US'], vote_average: 8.4, vote_count: 2000, number_of_seasons: seasonsOf(id, aired).filter((n) => n > 0).length,
    seasons: seasonsOf(id, aired).map((n) => ({ season_number: n, name: n === 0 ? 'Specials' : `Season ${n}`, episode_count: aired.get(n) ?? 2, id: id * 10 + n })),
    aggregate_credits: { cast: cast([7000 + id]).map(({ character, ...rest }) => ({ ...rest, roles: [{ character, credit_id: 'x', episode_count: 2 }] })), crew: [] },
    videos: { results: [{ key: `tvtrailer${id}`, site: 'YouTube', type: 'Trailer', official: false }] },
    images: { backdrops: [{ file_path: `/tvshot${id}.jpg` }] },
    'watch/providers': providers([384]),
    external_ids: {}, recommendations: { results: [] }, content_ratings: { results: [] },
  };
}

export function seasonDetails(showId: number, n: number, aired: Map<number, number> = new Map()) {
  if (!seasonsOf(showId, aired).includes(n)) return undefined;
  return {
    _id: `s${showId}-${n}`, id: showId * 10 + n, name: n === 0 ? 'Specials' : `Season ${n}`, season_number: n, air_date: '2011-04-17',
    episodes: Array.from({ length: aired.get(n) ?? 2 }, (_, i) => i + 1).map((e) => ({
      id: showId * 1000 + n * 10 + e, episode_number: e, season_number: n, name: `S${n}E${e}`, overview: 'Episode overview',
      still_path: `/still${n}${e}.jpg`, air_date: '2011-04-17', runtime: 55, crew: [], guest_stars: [],
    })),
  };
}

export function personDetails(id: number) {
  return {
    id, name: `Person ${id}`, profile_path: `/person${id}.jpg`, birthday: '1970-01-01', deathday: null, place_of_birth: 'Somewhere',
    known_for_department: 'Acting', biography: `Biography ${id}`, popularity: 5,
    external_ids: { imdb_id: `nm${id}`, twitter_id: `tw${id}`, instagram_id: `ig${id}` },
    combined_credits: { cast: [{ id: 1, media_type: 'movie', title: 'Movie 1' }], crew: [] },
  };
}

/**
 * Hostile upstream text: markup that runs if a page embeds it raw (in JSON-LD or HTML), and a NUL byte that
 * Postgres refuses in text. The movie carries it in its title, overview and a cast character.
 */
export const HOSTILE_MOVIE_ID = 666;
export const HOSTILE_MARKUP = '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
export const HOSTILE_TITLE = `Evil ${HOSTILE_MARKUP} Title`;

export function hostileMovieDetails() {
  const movie = movieDetails(HOSTILE_MOVIE_ID);
  const [member] = cast([5666]);
  return { ...movie, title: HOSTILE_TITLE.replace(' Title', '\u0000 Title'), overview: `Overview \u0000${HOSTILE_MARKUP}\nsecond line`,
    credits: { cast: [{ ...member!, character: `${HOSTILE_MARKUP}\u0000` }], crew: [] } };
}

/** A title TMDB answers for with data we cannot use (it has no title): imports refuse it, bulk imports skip it. */
export const BROKEN_MOVIE_ID = 667;
export function brokenMovieDetails() {
  const { title, ...movie } = movieDetails(BROKEN_MOVIE_ID);
  return { ...movie, original_title: title };
}

/** The popular-movies page that lists the hostile and the broken title among good ones. */
export const HOSTILE_POPULAR_PAGE = 7;
export const HOSTILE_POPULAR_IDS = [1, HOSTILE_MOVIE_ID, BROKEN_MOVIE_ID, 2];

export const movieIds = new Set([...POPULAR_MOVIE_IDS, 550, HOSTILE_MOVIE_ID, BROKEN_MOVIE_ID, UPCOMING_MOVIE_ID]);
export const showIds = new Set([...POPULAR_SHOW_IDS, UPCOMING_SHOW_ID]);
