/**
 * The site rebuild state (queued, running, or last finished with its time), polled while work is pending. Edits need
 * no rebuild: their pages are current within seconds (src/lib/publishing/); a rebuild checks every page.
 */
import { call } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import { usePolled } from './usePolled.ts';
import type { RebuildState } from '../../lib/admin/contract.ts';

function describe(state: RebuildState): string {
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
  switch (state.status) {
    case 'idle': return 'Site rebuild: no rebuild yet.';
    case 'queued': return 'Site rebuild: queued…';
    case 'running': return 'Site rebuild: running…';
    case 'succeeded': return `Site rebuild: last finished ${time(state.finishedAt)}.`;
    case 'failed': return `Site rebuild failed ${time(state.finishedAt)}: ${state.error ?? 'unknown error'}`;
  }
}

export default function RebuildStatus() {
  const [state, setState] = usePolled(adminRoutes.rebuildStatus,
    (next) => (next?.status === 'queued' || next?.status === 'running' ? 2000 : 8000));

  const rebuildNow = async () => {
    const next = await call(adminRoutes.requestRebuild, { body: {} }).catch(() => null);
    if (next) setState(next);
  };

  if (!state) return null;
  return (
    <div className="rebuild-panel">
      <p className={`rebuild-status rebuild-${state.status}`} data-testid="rebuild-status" data-status={state.status} aria-live="polite">
        {describe(state)}{' '}
        <button type="button" className="link-button" onClick={rebuildNow} disabled={state.status === 'queued'}>Rebuild now</button>
      </p>
    </div>
  );
}
