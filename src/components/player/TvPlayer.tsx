import EmbedFrame from './EmbedFrame.tsx';

/** What is playing: which show and episode (progress recording keys on these) and its stream link. */
interface TvPlayerProps {
  tmdbId: number;
  season: number;
  episode: number;
  /** Accessible name of the frame, e.g. 'Show – S1 E2 Pilot'. */
  title: string;
  streamUrl: string;
}

/** The Now Playing frame of the TV page: starts at once, since choosing an episode is the click on play. */
export default function TvPlayer({ tmdbId, season, episode, title, streamUrl }: TvPlayerProps) {
  return (
    <div className="player-stage">
      <EmbedFrame src={streamUrl} title={`${title} player`} progress={{ type: 'tv', tmdbId, season, episode }} />
    </div>
  );
}
