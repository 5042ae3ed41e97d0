/** Browser-safe contract of personal data: a title is pointed at by (content type, TMDB id). */
import { z } from 'astro/zod';
import { id } from '../http/contract.ts';

export const titleRefFields = {
  type: z.enum(['movie', 'tv']),
  tmdbId: id(),
};
export const TitleRefQuery = z.object(titleRefFields);
export type TitleRef = z.infer<typeof TitleRefQuery>;
