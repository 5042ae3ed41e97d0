/** The signed-in user's personalised recommendations (get_personalized_recommendations). */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json } from '../../../lib/http/respond.ts';
import { refuseVisitor } from '../../../lib/accounts/guards.ts';
import { personalizedRecommendations } from '../../../lib/recommendations/recommendations.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  return json({ items: await personalizedRecommendations(await getDb(), locals.user!.id) });
};
