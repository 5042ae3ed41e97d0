/** Browser-safe contract of /api/events/view and /api/admin/analytics. */
import { z } from 'astro/zod';
import { titleRefFields } from '../personal/contract.ts';

export const ViewBody = z.object({ title: z.object(titleRefFields).nullish() });

export const ANALYTICS_PERIODS = ['1d', '7d', '30d', '365d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const AnalyticsQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).optional().default('7d') });

export interface ViewTracked { tracked: boolean; counted: boolean }
