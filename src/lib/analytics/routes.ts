/** Routes of view tracking: /api/events/view and /api/events/view-count (route.ts). */
import type { z } from 'astro/zod';
import { route } from '../http/route.ts';
import type { TitleRef } from '../personal/contract.ts';
import type { ViewBody, TitleCounts, ViewTracked } from './contract.ts';

export const analyticsRoutes = {
  reportView: route<{ body: z.input<typeof ViewBody>; answer: ViewTracked }>()({ method: 'POST', path: '/api/events/view', access: 'public' }),
  viewCount: route<{ query: TitleRef; answer: TitleCounts }>()({ method: 'GET', path: '/api/events/view-count', access: 'public' }),
};
