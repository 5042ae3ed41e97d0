/** Backup & Restore: download the whole database as JSON; restore from such a file after typing RESTORE. */
import { useState } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { api } from './api.ts';
import { errorText } from '../../lib/http/api-client.ts';

export default function BackupTab() {
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  const backup = async () => {
    setBusy(true);
    try {
      const data = await api<unknown>('/api/admin/backup');
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `backup-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      showToast('Database backup downloaded successfully!', 'success');
    } catch (error) {
      showToast(`Backup failed: ${errorText(error, 'Backup failed.')}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return setFile(null);
    const isJson = chosen.type === 'application/json' || chosen.name.toLowerCase().endsWith('.json');
    if (!isJson) {
      showToast('Please select a valid .json backup file.', 'error');
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const restore = async () => {
    if (!file) {
      showToast('Please select a backup file to restore.', 'error');
      return;
    }
    if (window.prompt('This replaces ALL data and signs everyone out (you too). Type RESTORE to confirm.') !== 'RESTORE') {
      showToast('Restore cancelled.', 'info');
      return;
    }
    setBusy(true);
    try {
      let data: unknown;
      try {
        data = JSON.parse(await file.text());
      } catch {
        throw new Error('The file is not valid JSON.');
      }
      await api('/api/admin/restore', 'POST', data);
      showToast('Database restore completed successfully!', 'success');
    } catch (error) {
      showToast(`Restore failed: ${errorText(error, 'Restore failed.')}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-panels">
      <div className="admin-card">
        <h2>Backup</h2>
        <p>Download every table as one JSON file.</p>
        <button type="button" className="btn btn-primary" onClick={backup} disabled={busy}>{busy ? 'Working…' : 'Download Backup'}</button>
      </div>
      <div className="admin-card">
        <h2>Restore</h2>
        <p>Replaces all data with a backup file's. This cannot be undone.</p>
        <p>Everyone is signed out, you included, and signs in again with the passwords the backup holds.</p>
        <label>Backup file
          <input type="file" accept=".json,application/json" onChange={(event) => choose(event.target.files?.[0])} />
        </label>
        <button type="button" className="btn btn-danger" onClick={restore} disabled={busy}>Restore</button>
      </div>
    </div>
  );
}
