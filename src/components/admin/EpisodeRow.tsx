/**
 * One episode; in edit mode its number, TMDB ID, name, overview, stream URL and download URL can change. The fields the
 * admin changed are marked as the admin's, each with "Use TMDB's".
 */
import { useEffect, useState } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import AdminOwned from './AdminOwned.tsx';
import RowActions from './RowActions.tsx';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { AdminEpisodeRow, EpisodeAdminField } from '../../lib/admin/contract.ts';

interface Props {
  episode: AdminEpisodeRow;
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
  onSaved(): void | Promise<void>;
  onDelete(): void;
}

export default function EpisodeRow({ episode, editing, onEdit, onCancel, onSaved, onDelete }: Props) {
  const blank = () => ({ episodeNumber: String(episode.episodeNumber), tmdbId: episode.tmdbId === null ? '' : String(episode.tmdbId),
    name: episode.name ?? '', overview: episode.overview ?? '', streamUrl: episode.streamUrl ?? '', downloadUrl: episode.downloadUrl ?? '' });
  const [form, setForm] = useState(blank);
  const [saving, setSaving] = useState(false);
  useEffect(() => { if (editing) setForm(blank()); }, [editing, episode]); // eslint-disable-line react-hooks/exhaustive-deps

  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <input className="admin-input" type={type} aria-label={label} value={form[key]} onChange={(event) => setForm({ ...form, [key]: event.target.value })} />
  );

  const save = async () => {
    setSaving(true);
    try {
      await call(adminRoutes.editEpisode, {
        body: { id: episode.id, ...form, episodeNumber: Number(form.episodeNumber), tmdbId: form.tmdbId.trim() ? Number(form.tmdbId) : null },
      });
      showToast('Episode updated successfully!', 'success');
      onCancel();
      await onSaved();
    } catch (error) {
      showToast(`Update episode failed: ${errorText(error, 'Failed to update episode.')}`, 'error');
    } finally {
      setSaving(false);
    }
  };

  const owned = (name: EpisodeAdminField, label: string) => name in episode.adminOwned && (
    <AdminOwned label={label} tmdbValue={episode.adminOwned[name]} request={{ kind: 'episode', id: episode.id, field: name }} onDone={onSaved} />
  );

  return (
    <tr data-testid="episode-row" data-episode={episode.episodeNumber}>
      <td>{editing ? field('episodeNumber', 'Episode number', 'number') : <>{episode.episodeNumber}{owned('episodeNumber', 'episode number')}</>}</td>
      <td>{editing ? field('tmdbId', 'TMDB ID', 'number') : <>{episode.tmdbId ?? ''}{owned('tmdbId', 'TMDB ID')}</>}</td>
      <td>{editing ? field('name', 'Name') : <>{episode.name}{owned('name', 'name')}</>}</td>
      <td className="admin-overview">{editing ? (
        <textarea className="admin-input" aria-label="Overview" value={form.overview} onChange={(event) => setForm({ ...form, overview: event.target.value })} />
      ) : <>{episode.overview}{owned('overview', 'overview')}</>}</td>
      <td className="admin-url">{editing ? field('streamUrl', 'Stream URL', 'url') : episode.streamUrl}</td>
      <td className="admin-url">{editing ? field('downloadUrl', 'Download URL', 'url') : episode.downloadUrl}</td>
      <RowActions editing={editing} saving={saving} onSave={save} onCancel={onCancel} onEdit={onEdit} onDelete={onDelete} />
    </tr>
  );
}
