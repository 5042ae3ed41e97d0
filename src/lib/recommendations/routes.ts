/** Routes of /api/me/recommendations (route.ts). */
import { route } from '../http/route.ts';
import type { Recommendation } from './contract.ts';

export const recommendationRoutes = {
  personalized: route<{ answer: { items: Recommendation[] } }>()({ method: 'GET', path: '/api/me/recommendations', access: 'user' }),
};
