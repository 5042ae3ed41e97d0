/** Star ratings (spec sections 4, 5 and 7): one rating of 1 to 5 per user and title, saved by upsert. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { TitleRef } from '../personal/contract.ts';
import type { RatingInput } from './contract.ts';

type Db = Kysely<Database>;

/** 'You rated this 4 star(s).' (spec section 8). */
export function ratedMessage(rating: number): string {
  return `You rated this ${rating} star(s).`;
}

export async function rateTitle(db: Db, userId: string, input: RatingInput): Promise<void> {
  await db.insertInto('user_ratings')
    .values({ user_id: userId, content_type: input.type, content_tmdb_id: input.tmdbId, rating: input.rating, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_tmdb_id'])
      .doUpdateSet((eb) => ({ rating: eb.ref('excluded.rating'), updated_at: eb.ref('excluded.updated_at') })))
    .execute();
}

/** The user's rating of the title, or null. */
export async function userRating(db: Db, userId: string, ref: TitleRef): Promise<number | null> {
  const row = await db.selectFrom('user_ratings').select('rating')
    .where('user_id', '=', userId).where('content_type', '=', ref.type).where('content_tmdb_id', '=', ref.tmdbId)
    .executeTakeFirst();
  return row ? Number(row.rating) : null;
}

/** How many users rated the title. */
export async function ratingCount(db: Db, ref: TitleRef): Promise<number> {
  const row = await db.selectFrom('user_ratings').select((eb) => eb.fn.countAll<number>().as('count'))
    .where('content_type', '=', ref.type).where('content_tmdb_id', '=', ref.tmdbId).executeTakeFirstOrThrow();
  return Number(row.count);
}
