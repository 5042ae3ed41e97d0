/** Browser-safe contract of /api/me/ratings and /api/me/title-state. */
import { z } from 'astro/zod';
import type { ListName } from '../lists/contract.ts';
import { titleRefFields } from '../personal/contract.ts';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const RatingBody = z.object({ ...titleRefFields, rating: z.number().int().min(MIN_RATING).max(MAX_RATING) });
export type RatingInput = z.infer<typeof RatingBody>;

export interface RatingSaved { rating: number; ratingCount: number; message: string }
/** What the signed-in user did with one title. */
export interface TitleState { lists: ListName[]; rating: number | null; ratingCount: number }
