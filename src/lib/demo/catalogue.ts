/**
 * Builds every row of the demo catalogue in memory, without touching the database. The result is a pure
 * function of the options: the same seed, sizes and `now` give identical rows, ids and text. Dates and
 * timestamps are offsets from `now`, so a fresh seed always looks current ("recently added" today).
 */
import type { Role } from '../../../db/schema.ts';
import { GENRES } from '../catalog/client/genres.ts';
import { DEMO_ADMIN, DEMO_USER } from './accounts.ts';
import { art, artKey, DAY_MS, IDS, type Row } from './context.ts';
import { buildMovies } from './movies.ts';
import { companyNames, firstName, PLATFORM_NAMES, STORE_NAMES, surname } from './names.ts';
import { buildPeople } from './people.ts';
import { Random } from '../random.ts';
import { buildShows } from './shows.ts';
import { slugify } from '../titles/client/slug.ts';
import { requestMessage } from './text.ts';
import { buildDemoWatchProviders } from './watch-providers.ts';

export interface DemoOptions {
  movies?: number;
  shows?: number;
  people?: number;
  seed?: number;
  /** The moment dates count back from; defaults to the current time. */
  now?: Date;
  /** The site's default region: the titles' platforms are their providers there (default US). */
  region?: string;
  /**
   * Adds the demo accounts (passwords printed in the README). Off unless asked for: only the embedded demo and
   * `npm run seed -- --demo-accounts` want them, never a production database.
   */
  accounts?: boolean;
}

export const DEFAULT_DEMO_SIZE = { movies: 1500, shows: 250, people: 4000, seed: 1 } as const;
export const DEMO_REQUEST_COUNT = 30;

export interface DemoUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  email_confirmed_at: Date;
  created_at: Date;
}

export interface DemoCatalogue {
  genres: Row<'genres'>[];
  platforms: Row<'platforms'>[];
  collections: Row<'collections'>[];
  people: Row<'people'>[];
  movies: Row<'movies'>[];
  tvShows: Row<'tv_shows'>[];
  episodes: Row<'tv_show_episodes'>[];
  movieGenres: Row<'movie_genres'>[];
  tvShowGenres: Row<'tv_show_genres'>[];
  movieProviders: Row<'movie_providers'>[];
  tvShowProviders: Row<'tv_show_providers'>[];
  titleWatchProviders: Row<'title_watch_providers'>[];
  titleWatchRegions: Row<'title_watch_regions'>[];
  movieCredits: Row<'movie_credits'>[];
  tvShowCredits: Row<'tv_show_credits'>[];
  /** Plain-text passwords; the inserter hashes them. */
  users: DemoUser[];
  requests: Row<'requests'>[];
}

function count(value: number | undefined, fallback: number, label: string): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new RangeError(`${label} must be an integer between 0 and 1000000 (got ${value})`);
  return n;
}

export function buildDemoCatalogue(options: DemoOptions = {}): DemoCatalogue {
  const movieCount = count(options.movies, DEFAULT_DEMO_SIZE.movies, 'movies');
  const showCount = count(options.shows, DEFAULT_DEMO_SIZE.shows, 'shows');
  const peopleCount = count(options.people, DEFAULT_DEMO_SIZE.people, 'people');
  const seed = count(options.seed, DEFAULT_DEMO_SIZE.seed, 'seed');
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const root = new Random(seed);

  const genres = Object.entries(GENRES).map(([id, name]) => ({ id: Number(id), name }));
  // The streaming services, then the stores (rent and buy only: no title is built on them).
  const platforms: Row<'platforms'>[] = [...PLATFORM_NAMES, ...STORE_NAMES].map((name, i) => ({
    id: IDS.platform + i,
    name,
    logo_path: art.logo(artKey('l', IDS.platform + i, name)),
    display_priority: i + 1,
  }));
  const services = platforms.slice(0, PLATFORM_NAMES.length).map((p) => ({ id: p.id!, name: p.name! }));
  const platformIds = services.map((p) => p.id);
  const companies = companyNames(root.fork('companies'), 60).map((name, i) => ({ id: IDS.company + i, name }));

  const movieBuild = buildMovies(root.fork('movies'), movieCount, now, companies, platformIds);
  const showBuild = buildShows(root.fork('shows'), showCount, movieCount, now, platformIds);
  const peopleBuild = buildPeople(
    root.fork('people'),
    peopleCount,
    now,
    movieBuild.movies.map((m) => ({ id: m.id!, title: m.title, date: m.release_date ?? null })),
    showBuild.shows.map((s) => ({ id: s.id!, title: s.name, date: s.first_air_date ?? null })),
  );

  const watch = buildDemoWatchProviders(root.fork('watch'), {
    defaultRegion: options.region ?? 'US', services, storeIds: platforms.slice(PLATFORM_NAMES.length).map((p) => p.id!),
    titles: [
      ...withServices('movie', movieBuild.movies, Map.groupBy(movieBuild.movieProviders, (row) => row.movie_id)),
      ...withServices('tv', showBuild.shows, Map.groupBy(showBuild.showProviders, (row) => row.tv_show_id)),
    ],
  });
  const movieProviders = [...movieBuild.movieProviders,
    ...watch.storeLinks.filter((link) => link.type === 'movie').map((link) => ({ movie_id: link.id, platform_id: link.platformId }))];
  const tvShowProviders = [...showBuild.showProviders,
    ...watch.storeLinks.filter((link) => link.type === 'tv').map((link) => ({ tv_show_id: link.id, platform_id: link.platformId }))];

  const accounts = root.fork('accounts');
  const users: DemoUser[] = (options.accounts ? [
    { ...DEMO_ADMIN, role: 'admin', ageDays: 800 },
    { ...DEMO_USER, role: 'user', ageDays: 400 },
  ] : []).map(({ email, password, role, ageDays }) => {
    const created = nowMs - ageDays * DAY_MS;
    return { id: accounts.uuid(), email, password, role: role as Role, created_at: new Date(created), email_confirmed_at: new Date(created + 600_000) };
  });

  const requests = buildRequests(root.fork('requests'), nowMs, users[1] ?? null, movieBuild.movies, showBuild.shows);

  return {
    genres,
    platforms,
    collections: movieBuild.collections,
    people: peopleBuild.people,
    movies: movieBuild.movies,
    tvShows: showBuild.shows,
    episodes: showBuild.episodes,
    movieGenres: movieBuild.movieGenres,
    tvShowGenres: showBuild.showGenres,
    movieProviders,
    tvShowProviders,
    titleWatchProviders: watch.offers,
    titleWatchRegions: watch.regions,
    movieCredits: peopleBuild.movieCredits,
    tvShowCredits: peopleBuild.showCredits,
    users,
    requests,
  };
}

/** Each title with the services it was built with. */
function withServices(type: 'movie' | 'tv', titles: { id?: number }[], links: Map<number, { platform_id: number }[]>) {
  return titles.map((title) => ({ type, id: title.id!, serviceIds: (links.get(title.id!) ?? []).map((link) => link.platform_id) }));
}

/** About 30 requests, public and private, anonymous or not, from seconds to years old (the demo user's are anonymous without it). */
function buildRequests(random: Random, nowMs: number, demoUser: DemoUser | null, movies: Row<'movies'>[], shows: Row<'tv_shows'>[]): Row<'requests'>[] {
  const requests: Row<'requests'>[] = [];
  const minAge = Math.log(10);
  const maxAge = Math.log(3 * 365 * 86_400);
  for (let i = 0; i < DEMO_REQUEST_COUNT; i++) {
    // Log-uniform ages cover seconds, minutes, hours, days, months and years; the first is always fresh.
    const ageSeconds = i === 0 ? random.int(10, 50) : Math.round(Math.exp(random.float(minAge, maxAge)));
    const title = movies.length ? random.pick(movies).title : 'The Last Horizon';
    const show = shows.length ? random.pick(shows).name : 'Velmere Heights';
    const year = 1975 + random.int(0, 50);
    const who = random.next();
    const fromDemo = who < 0.25;
    const anonymous = !fromDemo && who < 0.6;
    const email = fromDemo ? (demoUser?.email ?? null) : anonymous ? null : `${slugify(firstName(random))}.${slugify(surname(random))}@example.net`;
    requests.push({
      id: i + 1,
      user_id: fromDemo ? (demoUser?.id ?? null) : null,
      user_email: email,
      message: requestMessage(random, title, show, year),
      is_public: random.chance(0.7),
      created_at: new Date(nowMs - ageSeconds * 1000),
    });
  }
  return requests;
}
