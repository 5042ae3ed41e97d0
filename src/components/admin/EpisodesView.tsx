/** A show's season view: season tabs, bulk link upload and the episode table with one row editable at a time. */
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '../../lib/ui/client/toast.ts';
import { deleteRow } from './delete-row.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import EpisodeLinksUpload from './EpisodeLinksUpload.tsx';
import EpisodeRow from './EpisodeRow.tsx';
import { handBackToTmdb } from './AdminOwned.tsx';
import type { AdminEpisodeRow, AdminTitleRow, AdminSeasonView } from '../../lib/admin/contract.ts';


export default function EpisodesView({ show, onBack }: { show: AdminTitleRow; onBack(): void }) {
  // The season the admin chose; until then the one the server opens with (the first above 0), as its answer says.
  const [chosen, setChosen] = useState<number | null>(null);
  const [view, setView] = useState<AdminSeasonView | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const season = chosen ?? view?.season ?? null;

  const load = useCallback(async () => {
    try {
      setView(await call(adminRoutes.seasonEpisodes, { query: { showId: show.id, season: chosen ?? undefined } }));
    } catch (error) {
      showToast(`Failed to fetch episodes: ${errorText(error, 'unknown error')}`, 'error');
    }
  }, [show.id, chosen]);

  useEffect(() => { void load(); }, [load]);

  const chooseSeason = (number: number) => {
    setEditing(null); // switching season cancels editing
    setChosen(number);
  };

  const remove = (episode: AdminEpisodeRow) => deleteRow({
    question: 'Are you sure you want to delete this episode?', route: adminRoutes.deleteEpisode, id: episode.id,
    done: 'Episode deleted successfully!', failed: (error) => `Delete episode failed: ${errorText(error, 'Failed to delete episode.')}`, reload: load,
  });

  return (
    <div className="admin-episodes">
      <div className="admin-toolbar">
        <button type="button" className="btn" onClick={onBack}>← Back to TV Shows</button>
        <h2>{show.title}: Episodes</h2>
      </div>
      <div className="admin-tabs" role="tablist" aria-label="Seasons">
        {view?.seasons.map((number) => (
          <button key={number} type="button" role="tab" aria-selected={number === season} className={number === season ? 'active' : ''}
            onClick={() => chooseSeason(number)}>
            {number === 0 ? 'Specials' : `Season ${number}`}
          </button>
        ))}
      </div>
      {season !== null && <EpisodeLinksUpload showId={show.id} season={season} onUploaded={load} />}
      <p className="admin-hint">
        Links are yours, and so is a field you edit (marked Yours): no TMDB sync or re-import changes them. Use TMDB's hands a field back.
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr><th>Episode</th><th>TMDB ID</th><th>Name</th><th>Overview</th><th>Stream URL</th><th>Download URL</th><th>Actions</th></tr>
          </thead>
          <tbody>
            {view?.episodes.map((episode) => (
              <EpisodeRow key={episode.id} episode={episode} editing={editing === episode.id} onEdit={() => setEditing(episode.id)}
                onCancel={() => setEditing(null)} onSaved={load} onDelete={() => remove(episode)} />
            ))}
            {view && !view.episodes.length && <tr><td colSpan={7} className="admin-empty">No episodes in this season.</td></tr>}
          </tbody>
        </table>
      </div>
      {view && view.deleted.length > 0 && (
        <section className="admin-card" aria-labelledby="deleted-episodes">
          <h3 id="deleted-episodes">Deleted episodes</h3>
          <p className="admin-hint">TMDB still lists them; no sync or re-import adds them again.</p>
          <ul className="admin-deleted">
            {view.deleted.map((episode) => (
              <li key={episode.tmdbId} data-testid="deleted-episode">
                Episode {episode.episodeNumber}{episode.name ? `: ${episode.name}` : ''}{' '}
                <button type="button" className="btn admin-use-tmdb" aria-label={`Use TMDB's episode ${episode.episodeNumber}`}
                  onClick={() => handBackToTmdb(`Bring episode ${episode.episodeNumber} back from TMDB?`,
                    { kind: 'deletedEpisode', showId: show.id, tmdbId: episode.tmdbId }, load)}>
                  Use TMDB's
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
