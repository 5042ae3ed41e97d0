/** Routes of star ratings and of a title's personal state: /api/me/ratings and /api/me/title-state (route.ts). */
import { route } from '../http/route.ts';
import type { TitleRef } from '../personal/contract.ts';
import type { RatingInput, RatingSaved, TitleState } from './contract.ts';

export const ratingRoutes = {
  rate: route<{ body: RatingInput; answer: RatingSaved }>()({ method: 'PUT', path: '/api/me/ratings', access: 'user' }),
  titleState: route<{ query: TitleRef; answer: TitleState }>()({ method: 'GET', path: '/api/me/title-state', access: 'user' }),
};
