/** Routes of visitors' requests: /api/requests (route.ts). */
import type { z } from 'astro/zod';
import { route } from '../http/route.ts';
import type { PublicRequest, RequestBody, RequestSubmitted } from './contract.ts';

export const requestRoutes = {
  recent: route<{ answer: { items: PublicRequest[] } }>()({ method: 'GET', path: '/api/requests', access: 'public' }),
  /** Signed-in users' requests are linked to them; visitors' are anonymous. */
  submit: route<{ body: z.input<typeof RequestBody>; answer: RequestSubmitted }>()({ method: 'POST', path: '/api/requests', access: 'session', status: 201 }),
};
