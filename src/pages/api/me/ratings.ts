/** The signed-in user's star rating of a title: PUT { type, tmdbId, rating } saves it (upsert) and answers the new count. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { requirePublishedTitle } from '../../../lib/personal/titles.ts';
import { RatingBody, type RatingSaved } from '../../../lib/ratings/contract.ts';
import { rateTitle, ratedMessage, ratingCount } from '../../../lib/ratings/ratings.ts';

export const prerender = false;

export const PUT = endpoint({
  access: 'user',
  body: RatingBody,
  handler: async ({ db, user, body }): Promise<RatingSaved> => {
    await requirePublishedTitle(db, body);
    await rateTitle(db, user.id, body);
    return { rating: body.rating, ratingCount: await ratingCount(db, body), message: ratedMessage(body.rating) };
  },
});
