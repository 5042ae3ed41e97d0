/** Routes of Continue Watching: /api/me/history (route.ts). */
import { route } from '../http/route.ts';
import type { ContinueWatchingItem, ProgressInput } from './contract.ts';

export const historyRoutes = {
  continueWatching: route<{ answer: { items: ContinueWatchingItem[] } }>()({ method: 'GET', path: '/api/me/history', access: 'user' }),
  saveProgress: route<{ body: ProgressInput; answer: { saved: boolean } }>()({ method: 'POST', path: '/api/me/history', access: 'user' }),
};
