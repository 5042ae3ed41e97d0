/** The signed-in user's star rating of a title: PUT { type, tmdbId, rating } saves it (upsert) and answers the new count. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { requirePublishedTitle } from '../../../lib/personal/titles.ts';
import { RatingBody } from '../../../lib/ratings/contract.ts';
import { ratingRoutes } from '../../../lib/ratings/routes.ts';
import { rateTitle, ratedMessage, ratingCount } from '../../../lib/ratings/ratings.ts';

export const prerender = false;

export const PUT = endpoint(ratingRoutes.rate, {
  body: RatingBody,
  handler: async ({ db, user, body }) => {
    await requirePublishedTitle(db, body);
    await rateTitle(db, user.id, body);
    return { rating: body.rating, ratingCount: await ratingCount(db, body), message: ratedMessage(body.rating) };
  },
});
