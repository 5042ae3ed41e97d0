/**
 * get_personalized_recommendations: titles that share genres and cast with what the user rated, saved or
 * watched, each with the reason of the seed title that contributed most; titles already rated, listed or
 * finished are left out. When that yields fewer than the limit (a new user yields none), popular titles fill up.
 *
 * score(candidate) = sum over seeds of seed weight x (shared genres + CAST_FACTOR x shared cast members)
 */
import type { Kysely } from 'kysely';
import type { ContentType, Database } from '../../../db/schema.ts';
import { titleCard, titleKey, type TitleCard } from '../titles/client/cards.ts';
import { CONTENT_TYPES } from '../titles/client/content-types.ts';
import { CARD_COLUMNS, titleKind } from '../titles/title-kinds.ts';
import { anyOf } from '../catalog/any-of.ts';
import { loadSignals, reasonFor, type Seed } from './signals.ts';
import type { Recommendation } from './contract.ts';

export const RECOMMENDATIONS_LIMIT = 40;
export const POPULAR_REASON = 'Popular right now';
const CAST_FACTOR = 2;
/** Top-billed cast members that count as a title's cast. */
const CAST_DEPTH = 8;
/** Candidates per type considered for scoring, the most popular first. */
const CANDIDATE_POOL = 400;


interface Features {
  genres: Set<number>;
  cast: Set<number>;
}

export async function personalizedRecommendations(db: Kysely<Database>, userId: string, limit = RECOMMENDATIONS_LIMIT): Promise<Recommendation[]> {
  const { seeds, excluded } = await loadSignals(db, userId);
  const seedFeatures = new Map<string, Features>();
  const seedTitles = new Map<string, string>();
  for (const type of CONTENT_TYPES) {
    const ids = seeds.filter((seed) => seed.type === type).map((seed) => seed.tmdbId);
    const { features, titles } = await featuresOf(db, type, ids, null);
    for (const [tmdbId, value] of features) seedFeatures.set(titleKey({ type, tmdbId }), value);
    for (const [tmdbId, title] of titles) seedTitles.set(titleKey({ type, tmdbId }), title);
  }
  const liked = seeds.filter((seed) => seed.totalWeight > 0 && seedFeatures.has(titleKey(seed)));
  const likedGenres = new Set(liked.flatMap((seed) => [...seedFeatures.get(titleKey(seed))!.genres]));
  const likedCast = new Set(liked.flatMap((seed) => [...seedFeatures.get(titleKey(seed))!.cast]));

  const scored: { card: TitleCard; score: number; reason: string; popularity: number }[] = [];
  if (liked.length) {
    for (const type of CONTENT_TYPES) {
      const candidates = await candidateRows(db, type, likedGenres, likedCast, excluded);
      const { features } = await featuresOf(db, type, candidates.map((row) => row.tmdb_id), likedCast);
      for (const row of candidates) {
        const best = bestSeed(features.get(row.tmdb_id), seeds, seedFeatures);
        if (best.score <= 0 || !best.seed) continue;
        const reason = reasonFor(best.seed.kind, seedTitles.get(titleKey(best.seed)) ?? 'a title you liked');
        scored.push({ card: titleCard(type, row), score: best.score, reason, popularity: Number(row.popularity) });
      }
    }
  }
  scored.sort((a, b) => b.score - a.score || b.popularity - a.popularity || a.card.tmdbId - b.card.tmdbId);
  const picks: Recommendation[] = scored.slice(0, limit).map(({ card, reason }) => ({ card, reason }));
  if (picks.length < limit) {
    const taken = new Set([...excluded, ...picks.map((pick) => titleKey(pick.card))]);
    picks.push(...(await popularTitles(db, taken, limit - picks.length)));
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
async function featuresOf(db: Kysely<Database>, type: ContentType, tmdbIds: number[], castFilter: Set<number> | null) {
  const features = new Map<number, Features>();
  const titles = new Map<number, string>();
  if (!tmdbIds.length) return { features, titles };
  const kind = titleKind(type);
  const rows = await db.selectFrom(kind.titles).select(['titles.id', 'titles.tmdb_id', 'titles.title'])
    .where('titles.tmdb_id', '=', anyOf(tmdbIds)).where('titles.is_published', '=', true).execute();
  if (!rows.length) return { features, titles };
  const byId = new Map(rows.map((row) => [row.id, row.tmdb_id]));
  for (const row of rows) {
    features.set(row.tmdb_id, { genres: new Set(), cast: new Set() });
    titles.set(row.tmdb_id, row.title);
  }
  const ids = [...byId.keys()];
  const castIds = castFilter ? [...castFilter] : null;
  const [genreRows, castRows] = await Promise.all([
    db.selectFrom(kind.genreLinks).select(['genre_links.title_id', 'genre_links.genre_id']).where('genre_links.title_id', '=', anyOf(ids)).execute(),
    castIds?.length === 0 ? [] : db.selectFrom(kind.creditLinks).select(['credit_links.title_id', 'credit_links.person_id'])
      .where('credit_links.title_id', '=', anyOf(ids)).where('credit_links.credit_order', '<', CAST_DEPTH)
      .$if(castIds !== null, (qb) => qb.where('credit_links.person_id', '=', anyOf(castIds!))).execute(),
  ]);
  for (const row of genreRows) features.get(byId.get(row.title_id)!)?.genres.add(row.genre_id);
  for (const row of castRows) features.get(byId.get(row.title_id)!)?.cast.add(row.person_id);
  return { features, titles };
}

/** Published titles sharing a genre or cast member with the liked seeds, not excluded, most popular first. */
async function candidateRows(db: Kysely<Database>, type: ContentType, genres: Set<number>, cast: Set<number>, excluded: Set<string>) {
  const { titles, genreLinks, creditLinks } = titleKind(type);
  if (!genres.size && !cast.size) return [];
  const excludedIds = [...excluded].filter((key) => key.startsWith(`${type}:`)).map((key) => Number(key.split(':')[1]));
  return db.selectFrom(titles)
    .select([...CARD_COLUMNS, 'titles.popularity'])
    .where('titles.is_published', '=', true)
    .$if(excludedIds.length > 0, (qb) => qb.where((eb) => eb.not(eb('titles.tmdb_id', '=', anyOf(excludedIds)))))
    .where((eb) => eb.or([
      ...(genres.size ? [eb.exists(eb.selectFrom(genreLinks).select('genre_links.genre_id')
        .whereRef('genre_links.title_id', '=', 'titles.id').where('genre_links.genre_id', 'in', [...genres]))] : []),
      ...(cast.size ? [eb.exists(eb.selectFrom(creditLinks).select('credit_links.person_id')
        .whereRef('credit_links.title_id', '=', 'titles.id').where('credit_links.credit_order', '<', CAST_DEPTH)
        .where('credit_links.person_id', '=', anyOf([...cast])))] : []),
    ]))
    .orderBy('titles.popularity', 'desc').orderBy('titles.id', 'desc').limit(CANDIDATE_POOL).execute();
}

/** The most popular published titles (movies and shows together) not in `taken`. */
async function popularTitles(db: Kysely<Database>, taken: Set<string>, limit: number): Promise<Recommendation[]> {
  const pools = await Promise.all(CONTENT_TYPES.map(async (type) => {
    const rows = await db.selectFrom(titleKind(type).titles)
      .select([...CARD_COLUMNS, 'titles.popularity']).where('titles.is_published', '=', true)
      .orderBy('titles.popularity', 'desc').orderBy('titles.id', 'desc').limit(limit + taken.size).execute();
    return rows.map((row) => ({ card: titleCard(type, row), popularity: Number(row.popularity) }));
  }));
  return pools.flat().filter(({ card }) => !taken.has(titleKey(card)))
    .sort((a, b) => b.popularity - a.popularity || a.card.tmdbId - b.card.tmdbId)
    .slice(0, limit).map(({ card }) => ({ card, reason: POPULAR_REASON }));
}
