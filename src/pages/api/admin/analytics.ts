/** GET ?period=1d|7d|30d|365d|all → { total_views, top_countries, device_types }. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, validate } from '../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../lib/accounts/guards.ts';
import { analyticsQuery } from '../../../lib/admin/validation.ts';
import { getAnalyticsSummary } from '../../../lib/analytics/summary.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, url }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const query = validate(analyticsQuery, Object.fromEntries(url.searchParams));
  if (!query.ok) return query.response;
  return json(await getAnalyticsSummary(await getDb(), query.data.period));
};
