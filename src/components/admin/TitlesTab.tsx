/** Movies / TV Shows tab: search, Add New, Bulk Import, the table with selection, publication, edit and delete. */
import { useEffect, useState } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import AddContentForm from './AddContentForm.tsx';
import AdminPager from './AdminPager.tsx';
import BulkImportPanel from './BulkImportPanel.tsx';
import EpisodesView from './EpisodesView.tsx';
import TitleRow from './TitleRow.tsx';
import type { AdminTitleRow } from '../../lib/admin/contract.ts';
import { useAdminPage } from './useAdminPage.ts';
import { useDebounced } from './useDebounced.ts';
import type { ContentType } from '../../lib/titles/client/content-types.ts';
import { CLIENT_TITLE_KINDS } from '../../lib/titles/client/content-types.ts';

export default function TitlesTab({ kind }: { kind: ContentType }) {
  const { pluralInText, nameLabel } = CLIENT_TITLE_KINDS[kind];
  const routes = adminRoutes.titles[kind];
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(1);
  const { data, loadError, reload: load } = useAdminPage(routes.list, q, page);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<number | null>(null);
  const [episodesOf, setEpisodesOf] = useState<AdminTitleRow | null>(null);

  useEffect(() => { setPage(1); }, [q]);
  useEffect(() => { setSelected(new Set()); setEditing(null); }, [data]);

  const publish = async (ids: number[], published: boolean) => {
    const verb = published ? 'publish' : 'unpublish';
    if (!window.confirm(`Are you sure you want to ${verb} ${ids.length} item(s)?`)) return;
    try {
      const { takedown } = await call(routes.publish, { body: { ids, isPublished: published } });
      showToast(`${ids.length} item(s) ${published ? 'published' : 'unpublished'}!`, 'success');
      if (takedown) showToast(takedown, 'info');
      await load();
    } catch (error) {
      showToast(`Action failed: ${errorText(error, 'Action failed.')}`, 'error');
    }
  };

  const remove = async (ids: number[]) => {
    if (!window.confirm(`Are you sure you want to delete ${ids.length} item(s)? This cannot be undone.`)) return;
    try {
      const { takedown } = await call(routes.delete, { body: { ids } });
      showToast(`${ids.length} item(s) deleted successfully!`, 'success');
      if (takedown) showToast(takedown, 'info');
      await load();
    } catch (error) {
      showToast(`Delete failed: ${errorText(error, 'Delete failed.')}`, 'error');
    }
  };

  if (episodesOf) return <EpisodesView show={episodesOf} onBack={() => setEpisodesOf(null)} />;

  const items = data?.items ?? [];
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggle = (id: number) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });

  return (
    <div className="admin-titles">
      <div className="admin-panels">
        <AddContentForm kind={kind} onAdded={load} />
        <BulkImportPanel onProgress={load} />
      </div>
      <div className="admin-toolbar">
        <input type="search" className="admin-input" placeholder={`Search ${pluralInText}...`} aria-label={`Search ${pluralInText}`}
          value={search} onChange={(event) => setSearch(event.target.value)} />
        <span className="admin-count" data-testid="total-count">{data ? `${data.total} ${pluralInText}` : ''}</span>
        <button type="button" className="btn" disabled={!selected.size} onClick={() => publish([...selected], true)}>Publish</button>
        <button type="button" className="btn" disabled={!selected.size} onClick={() => publish([...selected], false)}>Draft</button>
        <button type="button" className="btn btn-danger" disabled={!selected.size} onClick={() => remove([...selected])}>
          Delete selected ({selected.size})
        </button>
      </div>
      {loadError && <p className="admin-banner error" role="alert">{loadError}</p>}
      <p className="admin-hint">{kind === 'movie'
        ? 'Links and the status are yours: no TMDB sync or re-import changes them.'
        : "The status is yours, and so is a trailer you set (marked Yours): no TMDB sync or re-import changes them. Use TMDB's hands a field back."}</p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th><input type="checkbox" aria-label="Select all" checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((item) => item.id)))} /></th>
              <th>Poster</th><th>{nameLabel}</th><th>TMDB ID</th>
              {kind === 'movie' ? <><th>Stream URL</th><th>Download URL</th></> : <th>Trailer key</th>}
              <th>Status</th><th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <TitleRow key={item.id} kind={kind} item={item} selected={selected.has(item.id)} onSelect={() => toggle(item.id)}
                editing={editing === item.id} onEdit={() => setEditing(item.id)} onCancel={() => setEditing(null)}
                onSaved={load} onTogglePublished={() => publish([item.id], !item.isPublished)} onDelete={() => remove([item.id])}
                onEpisodes={() => setEpisodesOf(item)} />
            ))}
            {data && !items.length && <tr><td colSpan={8} className="admin-empty">No {pluralInText} found.</td></tr>}
          </tbody>
        </table>
      </div>
      {data && <AdminPager page={page} total={data.total} onPage={setPage} />}
    </div>
  );
}
