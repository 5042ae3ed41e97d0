/** What the signed-in user did with one title: GET ?type=&tmdbId= answers { lists, rating, ratingCount }. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { listsHolding } from '../../../lib/lists/lists.ts';
import { TitleRefQuery } from '../../../lib/personal/contract.ts';
import type { TitleState } from '../../../lib/ratings/contract.ts';
import { ratingCount, userRating } from '../../../lib/ratings/ratings.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'user',
  query: TitleRefQuery,
  handler: async ({ db, user, query }): Promise<TitleState> => {
    const [lists, rating, count] = await Promise.all([
      listsHolding(db, user.id, query), userRating(db, user.id, query), ratingCount(db, query),
    ]);
    return { lists, rating, ratingCount: count };
  },
});
