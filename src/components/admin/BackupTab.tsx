/**
 * Backup & Restore: download the whole database as JSON; restore from such a file (whole or only some tables) after
 * typing RESTORE. A restore updates the tables the file holds; "Replace everything" first empties every table.
 */
import { useState } from 'react';
import { UNREADABLE_FILE, type RestoreMode } from '../../lib/backup/client/restore-options.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';

export default function BackupTab() {
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<RestoreMode>('merge');

  const backup = async () => {
    setBusy(true);
    try {
      const data = await call(adminRoutes.backup);
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
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      showToast(UNREADABLE_FILE, 'error');
      return;
    }
    const warning = mode === 'replace' ? 'This deletes ALL data and loads the backup\'s.' : 'This overwrites the rows the backup holds.';
    if (window.prompt(`${warning} It signs everyone out (you too). Type RESTORE to confirm.`) !== 'RESTORE') {
      showToast('Restore cancelled.', 'info');
      return;
    }
    setBusy(true);
    try {
      await call(adminRoutes.restore, { query: { mode }, body: data });
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
        <p>Restores each table the file holds (rows are added or overwritten by id); other tables stay as they are.</p>
        <p>Everyone is signed out, you included, and signs in again with the passwords the database then holds.</p>
        <label>Backup file
          <input type="file" accept=".json,application/json" onChange={(event) => choose(event.target.files?.[0])} />
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={mode === 'replace'} onChange={(event) => setMode(event.target.checked ? 'replace' : 'merge')} />
          Replace everything (full backup only: deletes all current data first)
        </label>
        <button type="button" className="btn btn-danger" onClick={restore} disabled={busy}>Restore</button>
      </div>
    </div>
  );
}
