/** /admin: resolves the session first (spinner), sends non-admins home, then shows the tabs. */
import { useEffect, useState } from 'react';
import AnalyticsTab from './AnalyticsTab.tsx';
import BackupTab from './BackupTab.tsx';
import RebuildStatus from './RebuildStatus.tsx';
import RequestsTab from './RequestsTab.tsx';
import TitlesTab from './TitlesTab.tsx';

const TABS = ['Movies', 'TV Shows', 'Requests', 'Analytics', 'Backup & Restore'] as const;
type Tab = (typeof TABS)[number];

async function isAdmin(): Promise<boolean> {
  const response = await fetch('/api/me', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) return false;
  const body = (await response.json().catch(() => null)) as { role?: string; user?: { role?: string } | null } | null;
  return (body?.user?.role ?? body?.role) === 'admin';
}

export default function AdminDashboard() {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [tab, setTab] = useState<Tab>('Movies');

  useEffect(() => {
    isAdmin().catch(() => false).then((ok) => {
      if (!ok) window.location.replace('/');
      else setAllowed(true);
    });
  }, []);

  if (!allowed) {
    return <div className="admin-loading" role="status"><span className="spinner" aria-hidden="true" /> Loading…</div>;
  }
  return (
    <div className="admin">
      <div className="admin-head">
        <h1>Admin Dashboard</h1>
        <RebuildStatus />
      </div>
      <div className="admin-tabs" role="tablist" aria-label="Admin sections">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className={tab === name ? 'active' : ''} onClick={() => setTab(name)}>
            {name}
          </button>
        ))}
      </div>
      <section role="tabpanel" aria-label={tab}>
        {tab === 'Movies' && <TitlesTab key="movies" kind="movies" />}
        {tab === 'TV Shows' && <TitlesTab key="tv" kind="tv" />}
        {tab === 'Requests' && <RequestsTab />}
        {tab === 'Analytics' && <AnalyticsTab />}
        {tab === 'Backup & Restore' && <BackupTab />}
      </section>
    </div>
  );
}
