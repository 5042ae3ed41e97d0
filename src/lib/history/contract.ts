/** Browser-safe contract of /api/me/history. */
import { z } from 'astro/zod';
import type { TitleCard } from '../titles/client/cards.ts';
import { titleRefFields } from '../personal/contract.ts';

const episodeNumber = z.number().int().min(0).max(10_000);
export const ProgressBody = z.object({
  ...titleRefFields,
  season: episodeNumber.nullish(),
  episode: episodeNumber.nullish(),
  progress: z.number().min(0).max(100),
  position: z.number().min(0).max(86_400 * 7),
}).refine((body) => body.type === 'tv' ? body.season != null && body.episode != null : body.season == null && body.episode == null, {
  message: 'A show needs its season and episode; a movie has neither.',
  path: ['episode'],
});
export type ProgressInput = z.infer<typeof ProgressBody>;

export interface ContinueWatchingItem {
  card: TitleCard;
  progress: number;
  season: number | null;
  episode: number | null;
  /** The title page, on the episode for shows (?season=&episode=, which the TV page opens). */
  href: string;
}
