/**
 * Bulk Import: starts an import job on the server (it runs page by page), then polls its progress until it ends. One
 * job runs at a time: on mount (a reload, a switch between the Movies and TV tabs) the panel follows the job that is
 * running, and a start refused because one runs (409) follows that one.
 */
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { ApiError, call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { ImportAlreadyRunningAnswer, ImportJob, SkippedTitle } from '../../lib/admin/contract.ts';
import type { ContentType } from '../../lib/titles/client/content-types.ts';
import { CLIENT_TITLE_KINDS } from '../../lib/titles/client/content-types.ts';

const POLL_MS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isActive = (job: ImportJob) => job.status === 'queued' || job.status === 'running';

export default function BulkImportPanel({ onProgress }: { onProgress(): void | Promise<void> }) {
  const [start, setStart] = useState('1');
  const [end, setEnd] = useState('5');
  const [running, setRunning] = useState<ImportJob | null>(null);
  const [processed, setProcessed] = useState(0);
  const [stopped, setStopped] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<SkippedTitle[]>([]);
  // Polling stops when the panel goes (the next one mounted follows the job again).
  const mounted = useRef(true);

  const follow = async (first: ImportJob) => {
    let job = first;
    setRunning(job); setStopped(null); setStart(String(job.startPage)); setEnd(String(job.endPage));
    const stop = async (detail: string) => {
      showToast(`Bulk import failed at page ${job.currentPage}: ${detail}`, 'error');
      setStopped(`Bulk import stopped: ${detail}`);
      setRunning(null);
      await onProgress();
    };
    try {
      for (;;) {
        setProcessed(job.processed);
        setSkipped(job.skipped);
        if (!isActive(job) || !mounted.current) break;
        await pause(POLL_MS);
        job = await call(adminRoutes.importJob, { params: { id: job.id } });
      }
      if (!mounted.current) return;
      if (job.status === 'failed') return await stop(job.error ?? `Failed to import page ${job.currentPage}.`);
    } catch (error) {
      return await stop(errorText(error, `Failed to import page ${job.currentPage}.`));
    }
    setRunning(null);
    showToast('Bulk import completed!', 'success');
    await onProgress();
  };

  useEffect(() => {
    mounted.current = true;
    call(adminRoutes.activeImport)
      .then(({ job }) => { if (job && mounted.current) void follow(job); })
      .catch((error: unknown) => console.error('Could not read the running import', error));
    return () => { mounted.current = false; };
    // Once per mount: follow() reads its own state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = async (kind: ContentType) => {
    const first = Number(start);
    const last = Number(end);
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < first) {
      showToast('Invalid page numbers.', 'error');
      return;
    }
    setProcessed(0); setSkipped([]);
    let job: ImportJob;
    try {
      job = await call(adminRoutes.titles[kind].startImport, { body: { page: first, endPage: last } });
    } catch (error) {
      const answer = error instanceof ApiError && error.status === 409 ? error.body as ImportAlreadyRunningAnswer : null;
      if (!answer) {
        const detail = errorText(error, `Failed to import page ${first}.`);
        showToast(`Bulk import failed at page ${first}: ${detail}`, 'error');
        setStopped(`Bulk import stopped: ${detail}`);
        return;
      }
      showToast(answer.error, 'error');
      job = answer.job;
    }
    await follow(job);
  };

  return (
    <div className="admin-card" role="group" aria-label="Bulk Import">
      <h2>Bulk Import</h2>
      <div className="admin-inline">
        <label>Start Page
          <input className="admin-input narrow" type="number" min={1} value={start} onChange={(event) => setStart(event.target.value)} disabled={running !== null} />
        </label>
        <label>End Page
          <input className="admin-input narrow" type="number" min={1} value={end} onChange={(event) => setEnd(event.target.value)} disabled={running !== null} />
        </label>
      </div>
      <div className="admin-inline">
        <button type="button" className="btn btn-primary" disabled={running !== null} onClick={() => run('movie')}>Import Movies</button>
        <button type="button" className="btn btn-primary" disabled={running !== null} onClick={() => run('tv')}>Import TV</button>
      </div>
      <p aria-live="polite" data-testid="import-progress">
        {running
          ? `Importing ${CLIENT_TITLE_KINDS[running.kind].importLabel}, pages ${running.startPage}-${running.endPage}… ${processed} item(s) processed.`
          : processed ? `${processed} item(s) processed.` : ''}
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
