/**
 * One row of the Movies / TV table; in edit mode a movie's stream and download URLs, or a show's trailer, can change.
 * A trailer the admin set is marked as the admin's, with "Use TMDB's".
 */
import { useEffect, useState } from 'react';
import { imageUrl } from '../../lib/catalog/client/images.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import AdminOwned from './AdminOwned.tsx';
import RowActions from './RowActions.tsx';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { AdminTitleRow } from '../../lib/admin/contract.ts';
import type { ContentType } from '../../lib/titles/client/content-types.ts';

interface Props {
  kind: ContentType;
  item: AdminTitleRow;
  selected: boolean;
  editing: boolean;
  onSelect(): void;
  onEdit(): void;
  onCancel(): void;
  onSaved(): void | Promise<void>;
  onTogglePublished(): void;
  onDelete(): void;
  onEpisodes(): void;
}

export default function TitleRow({ kind, item, selected, editing, onSelect, onEdit, onCancel, onSaved, onTogglePublished, onDelete, onEpisodes }: Props) {
  const [stream, setStream] = useState(item.streamUrl ?? '');
  const [download, setDownload] = useState(item.downloadUrl ?? '');
  const [trailer, setTrailer] = useState(item.trailerKey ?? '');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (editing) { setStream(item.streamUrl ?? ''); setDownload(item.downloadUrl ?? ''); setTrailer(item.trailerKey ?? ''); }
  }, [editing, item]);

  const save = async () => {
    setSaving(true);
    try {
      if (kind === 'movie') await call(adminRoutes.editMovieLinks, { body: { id: item.id, streamUrl: stream, downloadUrl: download } });
      else await call(adminRoutes.editShow, { body: { id: item.id, trailerKey: trailer } });
      showToast('Content updated successfully!', 'success');
      onCancel();
      await onSaved();
    } catch (error) {
      showToast(`Update failed: ${errorText(error, 'Update failed.')}`, 'error');
    } finally {
      setSaving(false);
    }
  };

  const poster = imageUrl(item.posterPath, 'w92');
  return (
    <tr data-testid="admin-row" data-id={item.id} className={editing ? 'editing' : ''}>
      <td><input type="checkbox" aria-label={`Select ${item.title}`} checked={selected} onChange={onSelect} /></td>
      <td>{poster ? <img src={poster} alt="" width={46} height={69} loading="lazy" /> : <span className="admin-noposter">—</span>}</td>
      <td>{editing ? <input className="admin-input" aria-label="Title" value={item.title} disabled /> : item.title}</td>
      <td>{editing ? <input className="admin-input narrow" aria-label="TMDB ID" value={item.tmdbId} disabled /> : item.tmdbId}</td>
      {kind === 'movie' && (editing ? (
        <>
          <td><input className="admin-input" type="url" aria-label="Stream URL" value={stream} onChange={(event) => setStream(event.target.value)} /></td>
          <td><input className="admin-input" type="url" aria-label="Download URL" value={download} onChange={(event) => setDownload(event.target.value)} /></td>
        </>
      ) : (
        <>
          <td className="admin-url">{item.streamUrl ?? ''}</td>
          <td className="admin-url">{item.downloadUrl ?? ''}</td>
        </>
      ))}
      {kind === 'tv' && (editing
        ? <td><input className="admin-input narrow" aria-label="Trailer key" value={trailer} onChange={(event) => setTrailer(event.target.value)} /></td>
        : (
          <td>
            {item.trailerKey ?? ''}
            {item.adminOwned && 'trailerKey' in item.adminOwned && (
              <AdminOwned label="trailer key" tmdbValue={item.adminOwned.trailerKey}
                request={{ kind: 'show', id: item.id, field: 'trailerKey' }} onDone={onSaved} />
            )}
          </td>
        ))}
      <td>
        <button type="button" className={`status-badge ${item.isPublished ? 'published' : 'draft'}`} onClick={onTogglePublished}
          title="Click to change the status">
          {item.isPublished ? 'Published' : 'Draft'}
        </button>
      </td>
      <RowActions editing={editing} saving={saving} onSave={save} onCancel={onCancel} onEdit={onEdit} onDelete={onDelete}
        extra={kind === 'tv' && <button type="button" className="btn" onClick={onEpisodes}>Episodes</button>} />
    </tr>
  );
}
