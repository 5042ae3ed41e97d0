import { beforeAll, describe, expect, it } from 'vitest';
import { GENRES, HOME_MOVIE_GENRE_ROWS, HOME_TV_GENRE_ROWS, MOVIE_GENRE_IDS, TV_GENRE_IDS } from '../../src/lib/catalog/client/genres.ts';
import { slugify } from '../../src/lib/titles/client/slug.ts';
import { DEMO_ADMIN, DEMO_USER } from '../../src/lib/demo/accounts.ts';
import { renderArtwork } from '../../src/lib/demo/artwork.ts';
import { buildDemoCatalogue, type DemoCatalogue } from '../../src/lib/demo/catalogue.ts';
import { batchSize } from '../../src/lib/demo/insert.ts';
import { titleFromSlug } from '../../src/lib/demo/names.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const ms = (value: unknown) => new Date(value as Date).getTime();

function groupCount<T>(rows: T[], key: (row: T) => number | string): Map<number | string, number> {
  const counts = new Map<number | string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

describe('determinism', () => {
  const small = { movies: 120, shows: 30, people: 400, now: NOW };

  it('the same seed gives identical rows, ids and text', () => {
    expect(buildDemoCatalogue({ ...small, seed: 7 })).toEqual(buildDemoCatalogue({ ...small, seed: 7 }));
  });

  it('another seed gives another catalogue', () => {
    const a = buildDemoCatalogue({ ...small, seed: 7 });
    const b = buildDemoCatalogue({ ...small, seed: 8 });
    expect(a.movies.map((m) => m.title)).not.toEqual(b.movies.map((m) => m.title));
    expect(a.people.map((p) => p.name)).not.toEqual(b.people.map((p) => p.name));
  });

  it('rejects nonsense sizes', () => {
    expect(() => buildDemoCatalogue({ movies: -1 })).toThrow(RangeError);
    expect(() => buildDemoCatalogue({ people: 1.5 })).toThrow(RangeError);
  });
});

describe('the default catalogue', () => {
  let c: DemoCatalogue;
  beforeAll(() => {
    c = buildDemoCatalogue({ now: NOW, accounts: true });
  });

  it('meets the minimum sizes', () => {
    expect(c.movies.length).toBeGreaterThanOrEqual(1500);
    expect(c.tvShows.length).toBeGreaterThanOrEqual(200);
    expect(c.people.length).toBeGreaterThanOrEqual(4000);
    expect(c.platforms.length).toBeGreaterThanOrEqual(10);
    expect(c.collections.length).toBeGreaterThanOrEqual(40);
    expect(c.requests.length).toBeGreaterThanOrEqual(25);
    expect(c.episodes.length).toBeGreaterThan(c.tvShows.length * 6);
  });

  it('inserts every genre with its name, and uses every movie and TV genre id', () => {
    expect(new Map(c.genres.map((g) => [g.id, g.name]))).toEqual(new Map(Object.entries(GENRES).map(([id, n]) => [Number(id), n])));
    expect(new Set(c.movieGenres.map((g) => g.genre_id))).toEqual(new Set(MOVIE_GENRE_IDS));
    expect(new Set(c.tvShowGenres.map((g) => g.genre_id))).toEqual(new Set(TV_GENRE_IDS));
    for (const n of groupCount(c.movieGenres, (g) => g.movie_id).values()) expect(n).toBeGreaterThanOrEqual(1), expect(n).toBeLessThanOrEqual(3);
    for (const n of groupCount(c.tvShowGenres, (g) => g.tv_show_id).values()) expect(n).toBeGreaterThanOrEqual(1), expect(n).toBeLessThanOrEqual(3);
    expect(groupCount(c.movieGenres, (g) => g.movie_id).size).toBe(c.movies.length);
    expect(groupCount(c.tvShowGenres, (g) => g.tv_show_id).size).toBe(c.tvShows.length);
  });

  it('fills every Home genre row with at least 50 published titles', () => {
    const movies = new Set(c.movies.filter((m) => m.is_published).map((m) => m.id));
    const shows = new Set(c.tvShows.filter((s) => s.is_published).map((s) => s.id));
    for (const row of HOME_MOVIE_GENRE_ROWS) {
      expect(c.movieGenres.filter((g) => g.genre_id === row.id && movies.has(g.movie_id)).length, row.label).toBeGreaterThanOrEqual(50);
    }
    for (const row of HOME_TV_GENRE_ROWS) {
      expect(c.tvShowGenres.filter((g) => g.genre_id === row.id && shows.has(g.tv_show_id)).length, row.label).toBeGreaterThanOrEqual(50);
    }
  });

  it('gives unique TMDB ids per kind, with a few shows sharing a movie id', () => {
    const movieIds = new Set(c.movies.map((m) => m.tmdb_id));
    expect(movieIds.size).toBe(c.movies.length);
    expect(new Set(c.tvShows.map((s) => s.tmdb_id)).size).toBe(c.tvShows.length);
    const shared = c.tvShows.filter((s) => movieIds.has(s.tmdb_id));
    expect(shared.length).toBeGreaterThanOrEqual(3);
    expect(shared.length).toBeLessThan(c.tvShows.length / 10);
    expect(new Set(c.people.map((p) => p.id)).size).toBe(c.people.length);
  });

  it('has realistic movie fields', () => {
    for (const m of c.movies) {
      expect(m.vote_average).toBeGreaterThanOrEqual(3);
      expect(m.vote_average).toBeLessThanOrEqual(9.2);
      expect(Math.round(m.vote_average! * 10) / 10).toBe(m.vote_average);
      expect(m.release_date! >= '1975-01-01' && m.release_date! <= '2026-06-15').toBe(true);
      expect(m.runtime).toBeGreaterThanOrEqual(80);
      expect(m.runtime).toBeLessThanOrEqual(180);
      expect(m.overview!.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(m.screenshots!.length).toBeGreaterThanOrEqual(3);
      expect(m.screenshots!.length).toBeLessThanOrEqual(6);
      if (m.trailer_key !== null) expect(m.trailer_key).toMatch(/^[A-Za-z0-9_-]{11}$/);
      if (m.stream_url !== null) expect(m.stream_url).toBe(`/embed/movie/${m.tmdb_id}`);
      if (m.download_url !== null) expect(m.stream_url).not.toBeNull();
      expect(Array.isArray(JSON.parse(m.production_companies as string))).toBe(true);
      expect(NOW.getTime() - ms(m.created_at)).toBeLessThanOrEqual(731 * DAY);
      expect(NOW.getTime() - ms(m.created_at)).toBeGreaterThan(0);
    }
    const share = (f: (m: (typeof c.movies)[number]) => boolean) => c.movies.filter(f).length / c.movies.length;
    expect(share((m) => m.stream_url !== null)).toBeGreaterThan(0.3);
    expect(share((m) => m.stream_url !== null)).toBeLessThan(0.5);
    expect(share((m) => !m.is_published)).toBeGreaterThan(0.02);
    expect(share((m) => !m.is_published)).toBeLessThan(0.08);
    expect(share((m) => m.poster_path === null)).toBeGreaterThan(0);
    expect(share((m) => m.backdrop_path === null)).toBeGreaterThan(0);
    expect(share((m) => m.budget === null)).toBeGreaterThan(0);
    expect(share((m) => m.release_date! >= '2024-01-01')).toBeGreaterThan(0.05);
    expect(share((m) => m.trailer_key !== null)).toBeGreaterThan(0.7);
  });

  it('recommends 6–10 other movies sharing a genre', () => {
    const genresOf = new Map<number, Set<number>>();
    for (const g of c.movieGenres) (genresOf.get(g.movie_id) ?? genresOf.set(g.movie_id, new Set()).get(g.movie_id)!).add(g.genre_id);
    const byTmdb = new Map(c.movies.map((m) => [m.tmdb_id, m]));
    for (const m of c.movies) {
      const recs = m.recommended_tmdb_ids!;
      expect(recs.length).toBeGreaterThanOrEqual(6);
      expect(recs.length).toBeLessThanOrEqual(10);
      expect(recs).not.toContain(m.tmdb_id);
      for (const tmdb of recs) {
        const other = byTmdb.get(tmdb)!;
        const sharesGenre = [...genresOf.get(other.id!)!].some((g) => genresOf.get(m.id!)!.has(g));
        expect(sharesGenre || other.collection_id === m.collection_id).toBe(true);
      }
    }
  });

  it('groups 2–4 movies into each collection', () => {
    const sizes = groupCount(c.movies.filter((m) => m.collection_id !== null), (m) => m.collection_id!);
    expect(sizes.size).toBe(c.collections.length);
    for (const n of sizes.values()) expect(n).toBeGreaterThanOrEqual(2), expect(n).toBeLessThanOrEqual(4);
  });

  it('builds seasons and episodes consistently', () => {
    const byShow = new Map<number, (typeof c.episodes)[number][]>();
    for (const e of c.episodes) (byShow.get(e.tv_show_id) ?? byShow.set(e.tv_show_id, []).get(e.tv_show_id)!).push(e);
    let withSpecials = 0;
    let streamed = 0;
    for (const show of c.tvShows) {
      const episodes = byShow.get(show.id!)!;
      const seasons = groupCount(episodes.filter((e) => e.season_number > 0), (e) => e.season_number);
      expect(seasons.size).toBe(show.number_of_seasons);
      expect(show.number_of_seasons).toBeGreaterThanOrEqual(1);
      expect(show.number_of_seasons).toBeLessThanOrEqual(6);
      for (const n of seasons.values()) expect(n).toBeGreaterThanOrEqual(6), expect(n).toBeLessThanOrEqual(12);
      if (episodes.some((e) => e.season_number === 0)) withSpecials++;
      const linked = episodes.filter((e) => e.stream_url !== null);
      if (linked.length) {
        streamed++;
        expect(linked.length).toBeLessThan(episodes.length);
        for (const e of linked) expect(e.stream_url).toBe(`/embed/tv/${show.tmdb_id}/${e.season_number}/${e.episode_number}`);
      }
      for (const e of episodes) expect(e.air_date! >= show.first_air_date!).toBe(true);
    }
    expect(withSpecials / c.tvShows.length).toBeGreaterThan(0.1);
    expect(withSpecials / c.tvShows.length).toBeLessThan(0.3);
    expect(streamed / c.tvShows.length).toBeGreaterThan(0.3);
    expect(streamed / c.tvShows.length).toBeLessThan(0.5);
    expect(new Set(c.episodes.map((e) => `${e.tv_show_id}/${e.season_number}/${e.episode_number}`)).size).toBe(c.episodes.length);
    expect(new Set(c.episodes.map((e) => e.tmdb_id)).size).toBe(c.episodes.length);
  });

  it('casts 6–12 people per movie and 5–10 per show, in credit order with characters', () => {
    const check = (credits: { title: number; order: number; character: string | null | undefined }[], min: number, max: number) => {
      const byTitle = new Map<number, number[]>();
      for (const credit of credits) {
        (byTitle.get(credit.title) ?? byTitle.set(credit.title, []).get(credit.title)!).push(credit.order);
        expect(credit.character).toBeTruthy();
      }
      for (const orders of byTitle.values()) {
        expect(orders.length).toBeGreaterThanOrEqual(min);
        expect(orders.length).toBeLessThanOrEqual(max);
        expect(orders).toEqual(orders.map((_, i) => i));
      }
    };
    check(c.movieCredits.map((x) => ({ title: x.movie_id, order: x.credit_order!, character: x.character_name })), 6, 12);
    check(c.tvShowCredits.map((x) => ({ title: x.tv_show_id, order: x.credit_order!, character: x.character_name })), 5, 10);
    const credited = new Set([...c.movieCredits, ...c.tvShowCredits].map((x) => x.person_id));
    expect(credited.size).toBe(c.people.length);
  });

  it('names people with two invented words, uniquely, with realistic details', () => {
    expect(new Set(c.people.map((p) => p.name)).size).toBe(c.people.length);
    for (const p of c.people) expect(p.name).toMatch(/^\S+ \S+$/);
    const departments = groupCount(c.people, (p) => p.known_for_department!);
    expect(departments.get('Acting')! / c.people.length).toBeGreaterThan(0.7);
    expect(departments.get('Directing')).toBeGreaterThan(0);
    expect(c.people.some((p) => p.birthday === null)).toBe(true);
    expect(c.people.some((p) => p.profile_path === null)).toBe(true);
    expect(c.people.some((p) => p.twitter_id)).toBe(true);
    expect(c.people.some((p) => p.instagram_id)).toBe(true);
    expect(c.people.every((p) => !p.place_of_birth || /^[A-Z][a-z]+, [A-Z]/.test(p.place_of_birth))).toBe(true);
  });

  it('has accounts only when asked: their requests are then anonymous', () => {
    const withoutAccounts = buildDemoCatalogue({ movies: 20, shows: 5, people: 50, now: NOW });
    expect(withoutAccounts.users).toEqual([]);
    expect(withoutAccounts.requests).toHaveLength(30);
    expect(withoutAccounts.requests.every((r) => r.user_id === null)).toBe(true);
  });

  it('has the demo accounts and a mix of requests', () => {
    const admin = c.users.find((u) => u.email === DEMO_ADMIN.email)!;
    const user = c.users.find((u) => u.email === DEMO_USER.email)!;
    expect(admin.role).toBe('admin');
    expect(user.role).toBe('user');
    expect(admin.email_confirmed_at).toBeInstanceOf(Date);
    expect(user.email_confirmed_at).toBeInstanceOf(Date);
    const ages = c.requests.map((r) => NOW.getTime() - ms(r.created_at));
    expect(Math.min(...ages)).toBeLessThan(60_000);
    expect(Math.max(...ages)).toBeGreaterThan(365 * DAY);
    expect(c.requests.some((r) => r.is_public)).toBe(true);
    expect(c.requests.some((r) => !r.is_public)).toBe(true);
    expect(c.requests.some((r) => r.user_id === null && r.user_email === null)).toBe(true);
    expect(c.requests.some((r) => r.user_id === user.id && r.user_email === user.email)).toBe(true);
    expect(c.requests.every((r) => r.message.trim().length > 0)).toBe(true);
  });

  it('uses well-formed artwork paths whose keys carry the slug of the title', () => {
    const pathShape = /^\/art\/(poster|backdrop|screenshot|still|profile|logo)\/[a-z]\d+(-[a-z0-9]+)*\.svg$/;
    const paths = [
      ...c.movies.flatMap((m) => [m.poster_path, m.backdrop_path, ...m.screenshots!]),
      ...c.tvShows.flatMap((s) => [s.poster_path, s.backdrop_path, ...s.screenshots!]),
      ...c.episodes.map((e) => e.still_path),
      ...c.people.map((p) => p.profile_path),
      ...c.platforms.map((p) => p.logo_path),
      ...c.collections.flatMap((x) => [x.poster_path, x.backdrop_path]),
    ].filter((p): p is string => typeof p === 'string');
    for (const path of paths) expect(path).toMatch(pathShape);
    for (const path of paths.filter((_, i) => i % 97 === 0)) expect(renderArtwork(path)).not.toBeNull();
    for (const m of c.movies) {
      if (!m.poster_path) continue;
      const slug = m.poster_path.replace(/^\/art\/poster\/m\d+-|\.svg$/g, '');
      expect(slug).toBe(slugify(m.title));
      expect(titleFromSlug(slug)).toBe(m.title);
    }
    for (const s of c.tvShows) if (s.poster_path) expect(titleFromSlug(s.poster_path.replace(/^\/art\/poster\/t\d+-|\.svg$/g, ''))).toBe(s.name);
  });
});

describe('batching', () => {
  it('keeps every insert under the bind-parameter limit', () => {
    for (const columns of [1, 2, 4, 12, 26, 80, 200]) {
      expect(batchSize(columns) * columns).toBeLessThan(65_535);
      expect(batchSize(columns)).toBeGreaterThan(0);
    }
    expect(batchSize(4)).toBe(1000);
  });
});
