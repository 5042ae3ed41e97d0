/**
 * get_personalized_recommendations: titles that share genres and cast with what the user rated, saved or
 * watched, each with the reason of the seed title that contributed most; titles already rated, listed or
 * finished are left out. When that yields fewer than the limit (a new user yields none), popular titles fill up.
 *
 * score(candidate) = sum over seeds of seed weight x (shared genres + CAST_FACTOR x shared cast members)
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { MOVIE_CARD_COLUMNS, SHOW_CARD_COLUMNS, movieCard, showCard, type TitleCard } from '../catalog/client/cards.ts';
import { titleKey } from '../personal/titles.ts';
import { loadSignals, reasonFor, type Seed } from './signals.ts';

export const RECOMMENDATIONS_LIMIT = 40;
export const POPULAR_REASON = 'Popular right now';
const CAST_FACTOR = 2;
/** Top-billed cast members that count as a title's cast. */
const CAST_DEPTH = 8;
/** Candidates per type considered for scoring, the most popular first. */
const CANDIDATE_POOL = 400;

export interface Recommendation {
  card: TitleCard;
  reason: string;
}

interface Source {
  table: 'movies' | 'tv_shows';
  junction: 'movie_genres' | 'tv_show_genres';
  credits: 'movie_credits' | 'tv_show_credits';
  owner: 'movie_id' | 'tv_show_id';
  columns: readonly string[];
  toCard: (row: never) => TitleCard;
}

const SOURCES: Record<ContentType, Source> = {
  movie: { table: 'movies', junction: 'movie_genres', credits: 'movie_credits', owner: 'movie_id', columns: MOVIE_CARD_COLUMNS, toCard: movieCard },
  tv: { table: 'tv_shows', junction: 'tv_show_genres', credits: 'tv_show_credits', owner: 'tv_show_id', columns: SHOW_CARD_COLUMNS, toCard: showCard },
};

interface Features {
  genres: Set<number>;
  cast: Set<number>;
}

/** Table names vary by content type, so these queries go through Kysely<any>; rows become typed cards. */
type AnyDb = Kysely<any>;

export async function personalizedRecommendations(db: Kysely<Database>, userId: string, limit = RECOMMENDATIONS_LIMIT): Promise<Recommendation[]> {
  const { seeds, excluded } = await loadSignals(db, userId);
  const anyDb = db as unknown as AnyDb;
  const seedFeatures = new Map<string, Features>();
  const seedTitles = new Map<string, string>();
  for (const type of ['movie', 'tv'] as const) {
    const ids = seeds.filter((seed) => seed.type === type).map((seed) => seed.tmdbId);
    const { features, titles } = await featuresOf(anyDb, type, ids, null);
    for (const [tmdbId, value] of features) seedFeatures.set(titleKey({ type, tmdbId }), value);
    for (const [tmdbId, title] of titles) seedTitles.set(titleKey({ type, tmdbId }), title);
  }
  const liked = seeds.filter((seed) => seed.totalWeight > 0 && seedFeatures.has(titleKey(seed)));
  const likedGenres = new Set(liked.flatMap((seed) => [...seedFeatures.get(titleKey(seed))!.genres]));
  const likedCast = new Set(liked.flatMap((seed) => [...seedFeatures.get(titleKey(seed))!.cast]));

  const scored: { card: TitleCard; score: number; reason: string; popularity: number }[] = [];
  if (liked.length) {
    for (const type of ['movie', 'tv'] as const) {
      const candidates = await candidateRows(anyDb, type, likedGenres, likedCast, excluded);
      const { features } = await featuresOf(anyDb, type, candidates.map((row) => row.tmdb_id), likedCast);
      for (const row of candidates) {
        const best = bestSeed(features.get(row.tmdb_id), seeds, seedFeatures);
        if (best.score <= 0 || !best.seed) continue;
        const reason = reasonFor(best.seed.kind, seedTitles.get(titleKey(best.seed)) ?? 'a title you liked');
        scored.push({ card: SOURCES[type].toCard(row as never), score: best.score, reason, popularity: Number(row.popularity) });
      }
    }
  }
  scored.sort((a, b) => b.score - a.score || b.popularity - a.popularity || a.card.tmdbId - b.card.tmdbId);
  const picks: Recommendation[] = scored.slice(0, limit).map(({ card, reason }) => ({ card, reason }));
  if (picks.length < limit) {
    const taken = new Set([...excluded, ...picks.map((pick) => titleKey(pick.card))]);
    picks.push(...(await popularTitles(anyDb, taken, limit - picks.length)));
  }
  return picks;
}

/** Scores a candidate against every seed: the total, and the seed that contributed most. */
function bestSeed(candidate: Features | undefined, seeds: Seed[], seedFeatures: Map<string, Features>): { score: number; seed: Seed | null } {
  if (!candidate) return { score: 0, seed: null };
  let score = 0;
  let best: { seed: Seed | null; contribution: number } = { seed: null, contribution: 0 };
  for (const seed of seeds) {
    const features = seedFeatures.get(titleKey(seed));
    if (!features) continue;
    const shared = countShared(candidate.genres, features.genres) + CAST_FACTOR * countShared(candidate.cast, features.cast);
    const contribution = seed.totalWeight * shared;
    score += contribution;
    if (contribution > best.contribution) best = { seed, contribution };
  }
  return { score, seed: best.seed };
}

function countShared(a: Set<number>, b: Set<number>): number {
  let shared = 0;
  for (const value of a) if (b.has(value)) shared++;
  return shared;
}

/** Genres and top-billed cast (only people in `castFilter` when given) of published titles, by TMDB id. */
async function featuresOf(db: AnyDb, type: ContentType, tmdbIds: number[], castFilter: Set<number> | null) {
  const features = new Map<number, Features>();
  const titles = new Map<number, string>();
  if (!tmdbIds.length) return { features, titles };
  const { table, junction, credits, owner } = SOURCES[type];
  const nameColumn = type === 'movie' ? 'title' : 'name';
  const rows: { id: number; tmdb_id: number; name: string }[] = await db.selectFrom(table)
    .select(['id', 'tmdb_id', `${nameColumn} as name`]).where('tmdb_id', 'in', tmdbIds).where('is_published', '=', true).execute();
  if (!rows.length) return { features, titles };
  const byId = new Map(rows.map((row) => [row.id, row.tmdb_id]));
  for (const row of rows) {
    features.set(row.tmdb_id, { genres: new Set(), cast: new Set() });
    titles.set(row.tmdb_id, row.name);
  }
  const ids = [...byId.keys()];
  const castIds = castFilter ? [...castFilter] : null;
  const [genreRows, castRows]: [{ owner: number; genre_id: number }[], { owner: number; person_id: number }[]] = await Promise.all([
    db.selectFrom(junction).select([`${owner} as owner`, 'genre_id']).where(owner, 'in', ids).execute(),
    castIds?.length === 0 ? [] : db.selectFrom(credits).select([`${owner} as owner`, 'person_id'])
      .where(owner, 'in', ids).where('credit_order', '<', CAST_DEPTH)
      .$if(castIds !== null, (qb) => qb.where('person_id', 'in', castIds!)).execute(),
  ]);
  for (const row of genreRows) features.get(byId.get(row.owner)!)?.genres.add(row.genre_id);
  for (const row of castRows) features.get(byId.get(row.owner)!)?.cast.add(row.person_id);
  return { features, titles };
}

/** Published titles sharing a genre or cast member with the liked seeds, not excluded, most popular first. */
async function candidateRows(db: AnyDb, type: ContentType, genres: Set<number>, cast: Set<number>, excluded: Set<string>) {
  const { table, junction, credits, owner, columns } = SOURCES[type];
  if (!genres.size && !cast.size) return [];
  const excludedIds = [...excluded].filter((key) => key.startsWith(`${type}:`)).map((key) => Number(key.split(':')[1]));
  const rows = await db.selectFrom(table)
    .select([...columns, `${table}.popularity`])
    .where(`${table}.is_published`, '=', true)
    .$if(excludedIds.length > 0, (qb) => qb.where(`${table}.tmdb_id`, 'not in', excludedIds))
    .where((eb: any) => eb.or([
      ...(genres.size ? [eb.exists(eb.selectFrom(junction).select('genre_id')
        .whereRef(`${junction}.${owner}`, '=', `${table}.id`).where('genre_id', 'in', [...genres]))] : []),
      ...(cast.size ? [eb.exists(eb.selectFrom(credits).select('person_id')
        .whereRef(`${credits}.${owner}`, '=', `${table}.id`).where('credit_order', '<', CAST_DEPTH).where('person_id', 'in', [...cast]))] : []),
    ]))
    .orderBy(`${table}.popularity`, 'desc').orderBy(`${table}.id`, 'desc').limit(CANDIDATE_POOL).execute();
  return rows as ({ tmdb_id: number; popularity: number } & Record<string, unknown>)[];
}

/** The most popular published titles (movies and shows together) not in `taken`. */
async function popularTitles(db: AnyDb, taken: Set<string>, limit: number): Promise<Recommendation[]> {
  const pools = await Promise.all((['movie', 'tv'] as const).map(async (type) => {
    const { table, columns, toCard } = SOURCES[type];
    const rows = await db.selectFrom(table)
      .select([...columns, `${table}.popularity`]).where(`${table}.is_published`, '=', true)
      .orderBy(`${table}.popularity`, 'desc').orderBy(`${table}.id`, 'desc').limit(limit + taken.size).execute();
    return rows.map((row) => ({ card: toCard(row as never), popularity: Number(row.popularity) }));
  }));
  return pools.flat().filter(({ card }) => !taken.has(titleKey(card)))
    .sort((a, b) => b.popularity - a.popularity || a.card.tmdbId - b.card.tmdbId)
    .slice(0, limit).map(({ card }) => ({ card, reason: POPULAR_REASON }));
}
