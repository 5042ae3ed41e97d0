/** Add New: a TMDB id (required, ≥ 1) and, for movies, optional stream and download URLs. */
import { useState, type FormEvent } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { ContentType } from '../../lib/titles/client/content-types.ts';
import { CLIENT_TITLE_KINDS } from '../../lib/titles/client/content-types.ts';
import type { AddTitleRequest } from '../../lib/admin/contract.ts';

export default function AddContentForm({ kind, onAdded }: { kind: ContentType; onAdded(): void | Promise<void> }) {
  const [tmdbId, setTmdbId] = useState('');
  const [stream, setStream] = useState('');
  const [download, setDownload] = useState('');
  const [busy, setBusy] = useState(false);
  const id = Number(tmdbId);
  const valid = tmdbId.trim() !== '' && Number.isInteger(id) && id >= 1;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || !event.currentTarget.reportValidity()) return;
    setBusy(true);
    try {
      const body: AddTitleRequest = kind === 'movie' ? { tmdbId: id, streamUrl: stream || null, downloadUrl: download || null } : { tmdbId: id };
      await call(adminRoutes.titles[kind].add, { body });
      showToast('Content added successfully!', 'success');
      setTmdbId(''); setStream(''); setDownload('');
      await onAdded();
    } catch (error) {
      showToast(`Add failed: ${errorText(error, 'Add operation failed.')}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-card" onSubmit={submit} aria-label="Add New">
      <h2>Add New {CLIENT_TITLE_KINDS[kind].label}</h2>
      <label>TMDB ID
        <input className="admin-input" type="number" min={1} step={1} required value={tmdbId} onChange={(event) => setTmdbId(event.target.value)} />
      </label>
      {kind === 'movie' && (
        <>
          <label>Stream URL
            <input className="admin-input" type="url" value={stream} onChange={(event) => setStream(event.target.value)} placeholder="https://…" />
          </label>
          <label>Download URL
            <input className="admin-input" type="url" value={download} onChange={(event) => setDownload(event.target.value)} placeholder="https://…" />
          </label>
        </>
      )}
      <button type="submit" className="btn btn-primary" disabled={!valid || busy}>{busy ? 'Adding…' : 'Add Content'}</button>
    </form>
  );
}
