/**
 * The TMDB sync on the dashboard: when the last one ran, what it changed (counts and the latest titles) and what
 * it skipped; *Sync now* starts one (polled while it runs). The daily schedule starts them too (README).
 */
import { showToast } from '../../lib/ui/client/toast.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { TmdbSync } from '../../lib/admin/contract.ts';
import { usePolled } from './usePolled.ts';

const busy = (sync: TmdbSync | null) => sync?.status === 'queued' || sync?.status === 'running';

function describe(sync: TmdbSync | null): string {
  if (!sync) return 'TMDB sync: none yet.';
  if (busy(sync)) return `TMDB sync: running (${sync.list} changes, page ${sync.currentPage})…`;
  const { movies, shows, episodes, people } = sync.changes;
  const when = new Date(sync.finishedAt ?? sync.createdAt).toLocaleString();
  const changed = `${movies} movie(s), ${shows} show(s) (${episodes} new episode(s)), ${people} person(s) refreshed`;
  const skipped = sync.skipped.length ? `; ${sync.skipped.length} skipped` : '';
  return sync.status === 'failed'
    ? `TMDB sync failed ${when}: ${sync.error ?? 'unknown error'} (${changed} before it stopped${skipped}).`
    : `TMDB sync: last ran ${when}: ${changed}${skipped}.`;
}

export default function SyncStatus() {
  const [answer, setAnswer] = usePolled(adminRoutes.syncStatus, (next) => (busy(next?.latest ?? null) ? 2000 : 30_000));
  const sync = answer?.latest;

  const syncNow = async () => {
    try {
      setAnswer(await call(adminRoutes.startSync, { body: {} }));
    } catch (error) {
      showToast(errorText(error, 'Could not start the sync.'), 'error');
    }
  };

  if (sync === undefined) return null;
  const items = sync?.changes.recent ?? [];
  return (
    <div className="rebuild-panel" data-testid="sync-status">
      <p className={`rebuild-status${sync?.status === 'failed' ? ' rebuild-failed' : ''}`} aria-live="polite">
        {describe(sync)}{' '}
        <button type="button" className="link-button" onClick={syncNow} disabled={busy(sync)}>Sync now</button>
      </p>
      {sync && (items.length > 0 || sync.skipped.length > 0) && (
        <details className="rebuild-live">
          <summary>What the sync changed</summary>
          <ul>
            {items.map((item) => (
              <li key={`${item.type}${item.tmdbId}`}>{item.type} {item.tmdbId}: {item.name}{item.newEpisodes ? `, ${item.newEpisodes} new episode(s)` : ''}</li>
            ))}
            {sync.skipped.map((item) => <li key={`skipped${item.type}${item.tmdbId}`}>Skipped {item.type} {item.tmdbId}: {item.reason}</li>)}
          </ul>
        </details>
      )}
    </div>
  );
}
