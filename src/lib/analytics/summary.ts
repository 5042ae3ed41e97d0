/** get_analytics_summary: views in a period, the top countries and the device split, from view_events. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AnalyticsPeriod, AnalyticsSummary } from './contract.ts';


const PERIOD_DAYS: Record<AnalyticsPeriod, number | null> = { '1d': 1, '7d': 7, '30d': 30, '365d': 365, all: null };

export async function getAnalyticsSummary(db: Kysely<Database>, period: AnalyticsPeriod, now: Date = new Date()): Promise<AnalyticsSummary> {
  const days = PERIOD_DAYS[period];
  const since = days === null ? null : new Date(now.getTime() - days * 86_400_000);
  // Rows past the retention live on as per-day counts (events.ts pruneViewTables); only 'all' reaches them.
  const events = days === null
    ? db.selectFrom('view_events').select(['country', 'device_type', sql<number>`1`.as('views')])
      .unionAll(db.selectFrom('view_event_days').select(['country', 'device_type', 'views']))
    : db.selectFrom('view_events').select(['country', 'device_type', sql<number>`1`.as('views')]).where('occurred_at', '>=', since!);
  const views = db.selectFrom(events.as('events'));
  const [total, countries, devices] = await Promise.all([
    views.select(sql<number>`coalesce(sum(views), 0)`.as('count')).executeTakeFirstOrThrow(),
    views.select(['country', sql<number>`sum(views)`.as('count')]).groupBy('country')
      .orderBy('count', 'desc').orderBy('country').limit(10).execute(),
    views.select(['device_type', sql<number>`sum(views)`.as('count')]).groupBy('device_type')
      .orderBy('count', 'desc').orderBy('device_type').execute(),
  ]);
  return {
    period,
    totalViews: Number(total.count),
    topCountries: countries.map((row) => ({ country: row.country, count: Number(row.count) })),
    deviceTypes: devices.map((row) => ({ deviceType: row.device_type, count: Number(row.count) })),
  };
}
