/**
 * The TV page's watch area: season tabs (WAI-ARIA tabs: arrow keys, Home and End), the selected season's
 * episode row, and above them the Now Playing player or the trailer panel. Choosing an episode with a stream
 * link plays it inline and closes the trailer; the page's Trailer buttons (data-play="trailer") open the
 * trailer and close the episode player (spec section 4). `?season=N&episode=M` opens that season and starts
 * that episode (Continue Watching links).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { imageUrl } from '../../lib/catalog/client/images.ts';
import { trailerEmbedUrl } from '../../lib/catalog/client/player.ts';
import { defaultSeason, EPISODE_UNAVAILABLE_MESSAGE, parseEpisodeRequest } from '../../lib/catalog/client/seasons.ts';
import type { EpisodeView, SeasonView } from '../../lib/catalog/contract.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import EmbedFrame from '../player/EmbedFrame.tsx';
import TvPlayer from '../player/TvPlayer.tsx';
import { usePageTriggers } from '../../lib/islands/client/page-triggers.ts';

interface Props {
  tmdbId: number;
  showTitle: string;
  seasons: SeasonView[];
  trailerKey: string | null;
}

type Playing = { season: number; episode: EpisodeView & { streamUrl: string } };

export default function TvEpisodes({ tmdbId, showTitle, seasons, trailerKey }: Props) {
  const [selected, setSelected] = useState(() => defaultSeason(seasons.map((s) => s.number)));
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [trailerOpen, setTrailerOpen] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const tabs = useRef(new Map<number, HTMLButtonElement>());

  const play = (season: number, episode: EpisodeView) => {
    if (!episode.streamUrl) {
      showToast(EPISODE_UNAVAILABLE_MESSAGE, 'error');
      return;
    }
    setPlaying({ season, episode: { ...episode, streamUrl: episode.streamUrl } });
    setTrailerOpen(false);
    requestAnimationFrame(() => stage.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  useEffect(() => {
    const request = parseEpisodeRequest(new URLSearchParams(window.location.search));
    const season = request && seasons.find((s) => s.number === request.season);
    if (!season) return;
    setSelected(season.number);
    const episode = season.episodes.find((e) => e.number === request.episode);
    if (episode) play(season.number, episode);
    // Runs once on hydration: the URL asks for an episode only when the page loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  usePageTriggers(stage, trailerKey ? '[data-play="trailer"]' : null, () => {
    setTrailerOpen(true);
    setPlaying(null);
    requestAnimationFrame(() => stage.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    return true;
  });

  const choose = (season: number) => {
    setSelected(season);
    tabs.current.get(season)?.focus();
  };
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = seasons.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(seasons[target]!.number);
  };

  const season = seasons.find((s) => s.number === selected);
  return (
    <div className="tv-watch">
      <div ref={stage} id="player">
        {playing && (
          <section className="now-playing" aria-labelledby="now-playing-heading">
            <h2 id="now-playing-heading">Now Playing</h2>
            <p className="now-playing-episode">S{playing.season} E{playing.episode.number}{playing.episode.name ? ` · ${playing.episode.name}` : ''}</p>
            <TvPlayer key={`${playing.season}-${playing.episode.number}`} tmdbId={tmdbId} season={playing.season}
              episode={playing.episode.number} title={`${showTitle} S${playing.season} E${playing.episode.number}`} streamUrl={playing.episode.streamUrl} />
          </section>
        )}
        {trailerOpen && trailerKey && (
          <section className="trailer-panel" aria-labelledby="trailer-heading">
            <div className="section-title">
              <h2 id="trailer-heading">Trailer</h2>
              <button type="button" className="btn" onClick={() => setTrailerOpen(false)}>Close trailer</button>
            </div>
            <div className="player-stage"><EmbedFrame src={trailerEmbedUrl(trailerKey)} title={`${showTitle} trailer`} /></div>
          </section>
        )}
      </div>
      {season && (
        <section className="seasons" aria-labelledby="episodes-heading">
          <h2 id="episodes-heading">Episodes</h2>
          <div className="season-tabs" role="tablist" aria-label="Seasons">
            {seasons.map((s, index) => (
              <button key={s.number} type="button" role="tab" id={`season-tab-${s.number}`} aria-selected={s.number === selected}
                aria-controls="season-panel" tabIndex={s.number === selected ? 0 : -1}
                ref={(el) => { if (el) tabs.current.set(s.number, el); else tabs.current.delete(s.number); }}
                onClick={() => choose(s.number)} onKeyDown={(event) => onTabKey(event, index)}>
                {s.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="season-panel" aria-labelledby={`season-tab-${season.number}`}>
            <ol className="row-track episode-track" aria-label={`${season.label} episodes`}>
              {season.episodes.map((episode) => (
                <li key={episode.number}>
                  <EpisodeCard episode={episode} current={playing?.season === season.number && playing.episode.number === episode.number}
                    onPlay={() => play(season.number, episode)} />
                </li>
              ))}
            </ol>
          </div>
        </section>
      )}
    </div>
  );
}

function EpisodeCard({ episode, current, onPlay }: { episode: EpisodeView; current: boolean; onPlay: () => void }) {
  const still = imageUrl(episode.stillPath, 'w300');
  return (
    <button type="button" className="episode-card" aria-current={current ? 'true' : undefined} onClick={onPlay}>
      {still
        ? <img className="artwork" src={still} alt="" loading="lazy" decoding="async" width={300} height={169} />
        : <span className="artwork artwork-missing"><span>No Image</span></span>}
      <span className="episode-name">{episode.number}. {episode.name ?? `Episode ${episode.number}`}</span>
      {!episode.streamUrl && <span className="episode-badge">Not available yet</span>}
      {episode.overview && <span className="episode-overview">{episode.overview}</span>}
    </button>
  );
}
