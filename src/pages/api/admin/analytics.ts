/** GET ?period=1d|7d|30d|365d|all → { period, totalViews, topCountries, deviceTypes }. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { AnalyticsQuery } from '../../../lib/analytics/contract.ts';
import { getAnalyticsSummary } from '../../../lib/analytics/summary.ts';
import { adminRoutes } from '../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.analytics, {
  query: AnalyticsQuery,
  handler: ({ db, query }) => getAnalyticsSummary(db, query.period),
});
