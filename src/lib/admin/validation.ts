/** Zod schemas shared by the admin endpoints and domain functions. */
import { z } from 'astro/zod';
import { INT4_MAX } from '../http/contract.ts';

/** A link field: an http(s) URL, or empty / null meaning "no link". */
export const optionalUrl = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() : value ?? null))
  .refine((value) => value === null || value === '' || isHttpUrl(value), { message: 'Must be a valid URL.' })
  .transform((value) => (value ? value : null));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return value.startsWith('/') && !value.startsWith('//'); // site-relative links such as the demo /embed/...
  }
}

export const id = z.coerce.number().int().positive();
export const ids = z.array(z.number().int().positive()).min(1, 'Select at least one item.').max(1000);

export const publishBody = z.object({ ids, is_published: z.boolean() });
export const deleteBody = z.object({ ids });
export const movieLinksBody = z.object({ id, stream_url: optionalUrl, download_url: optionalUrl });

/** A YouTube video key (what TMDB's videos carry); empty or null means no trailer. */
const trailerKey = z.union([z.string(), z.null()]).optional()
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || /^[A-Za-z0-9_-]{1,64}$/.test(value), { message: 'Must be a YouTube video key.' });

/** PATCH /api/admin/tv/show: what an admin edits on a TV row (name and TMDB ID stay as imported). */
export const showEditBody = z.object({ id, trailer_key: trailerKey });
export type ShowEdit = z.output<typeof showEditBody>;

export const listQuery = z.object({
  q: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
});

export const episodesQuery = z.object({ showId: id, season: z.coerce.number().int().min(0).max(1000).optional() });

export const episodeUpdateBody = z.object({
  id,
  name: z.string().trim().max(500).nullable().optional().transform((value) => value || null),
  overview: z.string().trim().max(10000).nullable().optional().transform((value) => value || null),
  stream_url: optionalUrl,
  download_url: optionalUrl,
  tmdb_id: z.number().int().min(1).max(INT4_MAX).nullable().optional(),
  episode_number: z.number().int().min(0).max(10000).optional(),
});

export const episodeDeleteBody = z.object({ id });
export const requestDeleteBody = z.object({ id });

export const uploadLinksBody = z.object({
  tv_show_id: id,
  season_number: z.coerce.number().int().min(0).max(1000),
  links: z.array(z.unknown()).min(1, 'No links to upload.').max(5000),
});

/** One item of a bulk link upload, in the spec's words (watch/download) or the column names. */
export const linkItem = z.object({
  episode_number: z.coerce.number().int().min(0).optional(),
  watch: optionalUrl,
  stream_url: optionalUrl,
  download: optionalUrl,
  download_url: optionalUrl,
});

export const ANALYTICS_PERIODS = ['1d', '7d', '30d', '365d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const analyticsQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).optional().default('7d') });
