/** Browser-safe contract of /api/events/view, /api/events/view-count and /api/admin/analytics. */
import { z } from 'astro/zod';
import { titleRefFields, TitleRefQuery } from '../personal/contract.ts';

export const ViewBody = z.object({ title: z.object(titleRefFields).nullish() });

/** POST /api/events/view's answer; `viewCount` is the reported title's current count (null without a title). */
export interface ViewTracked {
  tracked: boolean;
  counted: boolean;
  viewCount: number | null;
}

/** GET /api/events/view-count?type=movie&tmdbId=550 → ViewCount. */
export const ViewCountQuery = TitleRefQuery;
export interface ViewCount { viewCount: number }

export const ANALYTICS_PERIODS = ['1d', '7d', '30d', '365d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const AnalyticsQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).optional().default('7d') });

export interface AnalyticsSummary {
  period: AnalyticsPeriod;
  totalViews: number;
  topCountries: { country: string; count: number }[];
  deviceTypes: { deviceType: string; count: number }[];
}
