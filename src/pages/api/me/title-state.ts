/** What the signed-in user did with one title: GET ?type=&tmdbId= answers { lists, rating, ratingCount }. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { listsHolding } from '../../../lib/lists/lists.ts';
import { TitleRefQuery } from '../../../lib/personal/contract.ts';
import { ratingCount, userRating } from '../../../lib/ratings/ratings.ts';
import { ratingRoutes } from '../../../lib/ratings/routes.ts';

export const prerender = false;

export const GET = endpoint(ratingRoutes.titleState, {
  query: TitleRefQuery,
  handler: async ({ db, user, query }) => {
    const [lists, rating, count] = await Promise.all([
      listsHolding(db, user.id, query), userRating(db, user.id, query), ratingCount(db, query),
    ]);
    return { lists, rating, ratingCount: count };
  },
});
