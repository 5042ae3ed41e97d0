/** The signed-in user's personalised recommendations (get_personalized_recommendations). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { personalizedRecommendations } from '../../../lib/recommendations/recommendations.ts';
import { recommendationRoutes } from '../../../lib/recommendations/routes.ts';

export const prerender = false;

export const GET = endpoint(recommendationRoutes.personalized, {
  handler: async ({ db, user }) => ({ items: await personalizedRecommendations(db, user.id) }),
});
