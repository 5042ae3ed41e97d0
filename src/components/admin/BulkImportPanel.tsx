/** Bulk Import: imports TMDB list pages one by one, following the server's nextPage, until past the end page. */
import { useState } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { api } from './api.ts';
import { errorText } from '../../lib/http/api-client.ts';
import type { BulkImportPage, SkippedTitle } from '../../lib/admin/contract.ts';


export default function BulkImportPanel({ onProgress }: { onProgress(): void | Promise<void> }) {
  const [start, setStart] = useState('1');
  const [end, setEnd] = useState('5');
  const [running, setRunning] = useState(false);
  const [processed, setProcessed] = useState(0);
  const [stopped, setStopped] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<SkippedTitle[]>([]);

  const run = async (kind: 'movies' | 'tv') => {
    const first = Number(start);
    const last = Number(end);
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < first) {
      showToast('Invalid page numbers.', 'error');
      return;
    }
    setRunning(true); setProcessed(0); setStopped(null); setSkipped([]);
    let page: number | null = first;
    while (page !== null && page <= last) {
      try {
        const result: BulkImportPage = await api<BulkImportPage>(`/api/admin/import/${kind}`, 'POST', { page, endPage: last });
        setProcessed((count) => count + result.totalProcessedInRun);
        if (result.skipped.length) setSkipped((titles) => [...titles, ...result.skipped]);
        // The server names the next page; null means there is none.
        page = result.nextPage;
      } catch (error) {
        const detail = errorText(error, `Failed to import page ${page}.`);
        showToast(`Bulk import failed at page ${page}: ${detail}`, 'error');
        setStopped(`Bulk import stopped: ${detail}`);
        setRunning(false);
        await onProgress();
        return;
      }
    }
    setRunning(false);
    showToast('Bulk import completed!', 'success');
    await onProgress();
  };

  return (
    <div className="admin-card" role="group" aria-label="Bulk Import">
      <h2>Bulk Import</h2>
      <div className="admin-inline">
        <label>Start Page
          <input className="admin-input narrow" type="number" min={1} value={start} onChange={(event) => setStart(event.target.value)} disabled={running} />
        </label>
        <label>End Page
          <input className="admin-input narrow" type="number" min={1} value={end} onChange={(event) => setEnd(event.target.value)} disabled={running} />
        </label>
      </div>
      <div className="admin-inline">
        <button type="button" className="btn btn-primary" disabled={running} onClick={() => run('movies')}>Import Movies</button>
        <button type="button" className="btn btn-primary" disabled={running} onClick={() => run('tv')}>Import TV</button>
      </div>
      <p aria-live="polite" data-testid="import-progress">
        {running ? `Importing… ${processed} item(s) processed.` : processed ? `${processed} item(s) processed.` : ''}
      </p>
      {stopped && <p className="admin-banner error" role="alert">{stopped}</p>}
      {skipped.length > 0 && (
        <details className="admin-banner" open data-testid="import-skipped">
          <summary>{skipped.length} title(s) skipped</summary>
          <ul>{skipped.map((title) => <li key={title.tmdbId}>TMDB {title.tmdbId}: {title.reason}</li>)}</ul>
        </details>
      )}
    </div>
  );
}
