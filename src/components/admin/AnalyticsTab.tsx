/** Analytics tab: total views, top countries and device types for a period, drawn as CSS bars. */
import { useEffect, useState } from 'react';
import { call } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { AnalyticsSummary } from '../../lib/admin/contract.ts';

const PERIODS = [['1d', '1D'], ['7d', '7D'], ['30d', '1M'], ['365d', '1Y'], ['all', 'All']] as const;
type Period = (typeof PERIODS)[number][0];
/** What the numbers count (src/lib/analytics/events.ts decides it on the server, by the client's address). */
const VIEW_DEFINITION = 'A view is counted once per address and day (its first page that day); a title\'s view count goes up once per address, title and day.';

function Bars({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <figure className="admin-card admin-chart">
      <figcaption>{title}</figcaption>
      {rows.length ? (
        <ul>
          {rows.map((row) => (
            <li key={row.label}>
              <span className="bar-label">{row.label}</span>
              <span className="bar" style={{ width: `${(row.count / max) * 100}%` }} aria-hidden="true" />
              <span className="bar-value">{row.count}</span>
            </li>
          ))}
        </ul>
      ) : <p className="admin-empty">No views in this period.</p>}
    </figure>
  );
}

export default function AnalyticsTab() {
  const [period, setPeriod] = useState<Period>('7d');
  const [summary, setSummary] = useState<AnalyticsSummary | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    call(adminRoutes.analytics, { query: { period } })
      .then((data) => { if (current) setSummary(data); })
      .catch(() => { if (current) { setSummary(null); setFailed(true); } });
    return () => { current = false; };
  }, [period]);

  return (
    <div className="admin-analytics">
      <div className="admin-tabs" role="tablist" aria-label="Period">
        {PERIODS.map(([value, label]) => (
          <button key={value} type="button" role="tab" aria-selected={period === value} className={period === value ? 'active' : ''} onClick={() => setPeriod(value)}>
            {label}
          </button>
        ))}
      </div>
      {failed && <p className="admin-banner error" role="alert">Could not load analytics data.</p>}
      {summary && (
        <>
          <p className="admin-card admin-total">Total views <strong data-testid="total-views">{summary.totalViews}</strong></p>
          <p className="admin-count">{VIEW_DEFINITION}</p>
          <div className="admin-panels">
            <Bars title="Top countries" rows={summary.topCountries.map((row) => ({ label: row.country, count: row.count }))} />
            <Bars title="Device types" rows={summary.deviceTypes.map((row) => ({ label: row.deviceType, count: row.count }))} />
          </div>
        </>
      )}
    </div>
  );
}
