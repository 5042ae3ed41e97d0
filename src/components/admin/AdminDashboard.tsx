/** /admin: the session gate shows a spinner, sends non-admins home, then the dashboard shows its tabs. */
import { useState } from 'react';
import SessionGate from '../accounts/SessionGate.tsx';
import AnalyticsTab from './AnalyticsTab.tsx';
import BackupTab from './BackupTab.tsx';
import RebuildStatus from './RebuildStatus.tsx';
import RequestsTab from './RequestsTab.tsx';
import SecurityBanner from './SecurityBanner.tsx';
import SyncStatus from './SyncStatus.tsx';
import TitlesTab from './TitlesTab.tsx';

const TABS = ['Movies', 'TV Shows', 'Requests', 'Analytics', 'Backup & Restore'] as const;
type Tab = (typeof TABS)[number];

export default function AdminDashboard() {
  return <SessionGate require="admin"><Dashboard /></SessionGate>;
}

function Dashboard() {
  const [tab, setTab] = useState<Tab>('Movies');
  return (
    <div className="admin">
      <div className="admin-head">
        <h1>Admin Dashboard</h1>
        <RebuildStatus />
        <SyncStatus />
      </div>
      <SecurityBanner />
      <div className="admin-tabs" role="tablist" aria-label="Admin sections">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className={tab === name ? 'active' : ''} onClick={() => setTab(name)}>
            {name}
          </button>
        ))}
      </div>
      <section role="tabpanel" aria-label={tab}>
        {tab === 'Movies' && <TitlesTab key="movies" kind="movie" />}
        {tab === 'TV Shows' && <TitlesTab key="tv" kind="tv" />}
        {tab === 'Requests' && <RequestsTab />}
        {tab === 'Analytics' && <AnalyticsTab />}
        {tab === 'Backup & Restore' && <BackupTab />}
      </section>
    </div>
  );
}
