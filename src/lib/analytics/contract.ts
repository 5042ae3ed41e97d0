/** Browser-safe contract of /api/events/view, /api/events/view-count and /api/admin/analytics. */
import { z } from 'astro/zod';
import { titleRefFields, TitleRefQuery } from '../personal/contract.ts';

export const ViewBody = z.object({ title: z.object(titleRefFields).nullish() });

/** A title's live counts: they are not in its static page, so traffic never changes a page. */
export interface TitleCounts { viewCount: number; ratingCount: number }

/** POST /api/events/view's answer; the counts are the reported title's current ones (null without a title). */
export interface ViewTracked {
  tracked: boolean;
  counted: boolean;
  viewCount: number | null;
  ratingCount: number | null;
}

/** GET /api/events/view-count?type=movie&tmdbId=550 → TitleCounts. */
export const ViewCountQuery = TitleRefQuery;

export const ANALYTICS_PERIODS = ['1d', '7d', '30d', '365d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const AnalyticsQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).optional().default('7d') });

export interface AnalyticsSummary {
  period: AnalyticsPeriod;
  totalViews: number;
  topCountries: { country: string; count: number }[];
  deviceTypes: { deviceType: string; count: number }[];
}
