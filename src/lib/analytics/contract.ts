/** Browser-safe contract of the view endpoints, shared by them and the page script that shows the live count. */
import { z } from 'astro/zod';
import { id } from '../http/contract.ts';

/** GET /api/events/view-count?type=movie&tmdbId=550 → ViewCountAnswer. */
export const viewCountQuery = z.object({ type: z.enum(['movie', 'tv']), tmdbId: id() });

export interface ViewCountAnswer { viewCount: number }

/** POST /api/events/view's answer; `viewCount` is the reported title's current count (null without a title). */
export interface ViewAnswer {
  tracked: boolean;
  counted: boolean;
  viewCount: number | null;
}
