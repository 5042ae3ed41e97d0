/** Bulk Import: starts an import job on the server (it runs page by page), then polls its progress until it ends. */
import { useState } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { api } from './api.ts';
import { errorText } from '../../lib/http/api-client.ts';
import type { ImportJob, SkippedTitle } from '../../lib/admin/contract.ts';
import type { ContentType } from '../../lib/catalog/client/content-types.ts';
import { TITLE_KIND_PATHS } from '../../lib/catalog/client/content-types.ts';

const POLL_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function BulkImportPanel({ onProgress }: { onProgress(): void | Promise<void> }) {
  const [start, setStart] = useState('1');
  const [end, setEnd] = useState('5');
  const [running, setRunning] = useState(false);
  const [processed, setProcessed] = useState(0);
  const [stopped, setStopped] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<SkippedTitle[]>([]);

  const run = async (kind: ContentType) => {
    const first = Number(start);
    const last = Number(end);
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < first) {
      showToast('Invalid page numbers.', 'error');
      return;
    }
    setRunning(true); setProcessed(0); setStopped(null); setSkipped([]);
    let page = first;
    const stop = async (detail: string) => {
      showToast(`Bulk import failed at page ${page}: ${detail}`, 'error');
      setStopped(`Bulk import stopped: ${detail}`);
      setRunning(false);
      await onProgress();
    };
    try {
      let job = await api<ImportJob>(`/api/admin/import/${TITLE_KIND_PATHS[kind].adminPath}`, 'POST', { page: first, endPage: last });
      for (;;) {
        page = job.currentPage;
        setProcessed(job.processed);
        setSkipped(job.skipped);
        if (job.status !== 'queued' && job.status !== 'running') break;
        await pause(POLL_MS);
        job = await api<ImportJob>(`/api/admin/import/jobs/${job.id}`);
      }
      if (job.status === 'failed') return await stop(job.error ?? `Failed to import page ${page}.`);
    } catch (error) {
      return await stop(errorText(error, `Failed to import page ${page}.`));
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
        <button type="button" className="btn btn-primary" disabled={running} onClick={() => run('movie')}>Import Movies</button>
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
