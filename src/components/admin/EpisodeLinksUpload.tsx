/** Bulk stream/download links for one season: paste JSON or load a .json file, then Upload Links. */
import { useState, type ChangeEvent } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';


const EXAMPLE = '[{ "watch": "https://…/1", "download": "https://…/1" }, { "watch": "https://…/2", "download": "" }]';

export default function EpisodeLinksUpload({ showId, season, onUploaded }: { showId: number; season: number; onUploaded(): void | Promise<void> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const loadFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      setText(String(reader.result ?? ''));
      showToast('JSON file loaded. Click "Upload Links" to apply.', 'info');
    };
    reader.onerror = () => showToast('Error reading the file.', 'error');
    reader.readAsText(file);
    event.target.value = '';
  };

  const upload = async () => {
    if (!text.trim()) {
      showToast('Please paste JSON or upload a file first.', 'error');
      return;
    }
    let links: unknown;
    try {
      links = JSON.parse(text);
    } catch (error) {
      showToast(`Invalid JSON format: ${errorText(error, 'parse error')}`, 'error');
      return;
    }
    if (!Array.isArray(links)) {
      showToast('JSON data must be an array.', 'error');
      return;
    }
    setBusy(true);
    try {
      const result = await call(adminRoutes.uploadEpisodeLinks, { body: { tvShowId: showId, seasonNumber: season, links } });
      if (result.errors.length) {
        console.error('Episode link upload errors:', result.errors);
        showToast('Some episodes failed to update. Check console for details.', 'error');
      } else {
        showToast(result.message, 'success');
        setText('');
      }
      await onUploaded();
    } catch (error) {
      if (error instanceof Error && 'status' in error && error.status === 401) showToast('You must be logged in to perform this action.', 'error');
      else showToast(`Upload failed: ${errorText(error, 'Failed to upload links.')}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-card" role="group" aria-label="Bulk link upload">
      <h3>Bulk link upload ({season === 0 ? 'Specials' : `Season ${season}`})</h3>
      <textarea className="admin-input" rows={4} aria-label="Links JSON" placeholder={EXAMPLE} value={text} onChange={(event) => setText(event.target.value)} />
      <div className="admin-inline">
        <label className="btn">Choose .json file
          <input type="file" accept=".json,application/json" className="visually-hidden" onChange={loadFile} />
        </label>
        <button type="button" className="btn btn-primary" disabled={!text.trim() || busy} onClick={upload}>{busy ? 'Uploading…' : 'Upload Links'}</button>
      </div>
    </div>
  );
}
