import { useRef, useState } from 'react';
import EmbedFrame from './EmbedFrame.tsx';
import { usePageTriggers } from '../../lib/islands/client/page-triggers.ts';
import { playerModeFor, trailerEmbedUrl, type PlayerMode } from '../../lib/catalog/client/player.ts';

interface Props {
  tmdbId: number;
  title: string;
  posterUrl: string | null;
  streamUrl: string | null;
  trailerKey: string | null;
}

/**
 * The movie player: a Full Movie / Trailer switch over a poster with a play button. Clicking play (or the
 * page's Play Movie / Trailer buttons, marked data-play) swaps in the embedded frame.
 */
export default function MoviePlayer({ tmdbId, title, posterUrl, streamUrl, trailerKey }: Props) {
  const [mode, setMode] = useState<PlayerMode | null>(playerModeFor(streamUrl, trailerKey));
  const [playing, setPlaying] = useState(false);

  const island = useRef<HTMLElement>(null);
  usePageTriggers(island, '[data-play]', (trigger) => {
    const requested = trigger.dataset.play as PlayerMode;
    if ((requested === 'movie' && !streamUrl) || (requested === 'trailer' && !trailerKey)) return false;
    setMode(requested);
    setPlaying(true);
    document.getElementById('player')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    return true;
  });

  const choose = (next: PlayerMode) => {
    setMode(next);
    setPlaying(false);
  };
  const src = mode === 'movie' ? streamUrl : mode === 'trailer' && trailerKey ? trailerEmbedUrl(trailerKey) : null;
  // Continue Watching follows the film, or the trailer when the trailer is all there is to watch.
  const progress = mode === 'movie' || !streamUrl ? { type: 'movie' as const, tmdbId } : undefined;

  return (
    <section ref={island} id="player" className="player" aria-label="Player">
      <div className="player-modes" role="group" aria-label="What to play">
        <button type="button" aria-pressed={mode === 'movie'} disabled={!streamUrl} onClick={() => choose('movie')}>Full Movie</button>
        <button type="button" aria-pressed={mode === 'trailer'} disabled={!trailerKey} onClick={() => choose('trailer')}>Trailer</button>
      </div>
      <div className="player-stage">
        {playing && src ? (
          <EmbedFrame src={src} title={`${title} ${mode === 'movie' ? 'player' : 'trailer'}`} progress={progress} />
        ) : (
          <div className="player-poster" style={posterUrl ? { backgroundImage: `url("${posterUrl}")` } : undefined}>
            {src ? (
              <button type="button" className="player-play" onClick={() => setPlaying(true)} aria-label={`Play ${mode === 'movie' ? 'movie' : 'trailer'}: ${title}`}>
                ▶
              </button>
            ) : (
              <p className="player-unavailable">Nothing to play for this title yet.</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
