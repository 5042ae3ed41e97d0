import { useEffect, useRef } from 'react';
import { trackPlayerProgress, type PlaybackTarget } from '../../lib/history/client/player-progress.ts';

/**
 * The embedded player frame shared by the movie and TV players. The sandbox omits allow-popups, so pop-ups
 * the embed tries to open are blocked (spec section 2). With `progress`, what the player reports is recorded
 * for Continue Watching.
 */
export default function EmbedFrame({ src, title, progress }: { src: string; title: string; progress?: PlaybackTarget }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const { type, tmdbId, season, episode } = progress ?? {};
  useEffect(() => (type && tmdbId ? trackPlayerProgress(frame.current, { type, tmdbId, season, episode }) : undefined), [type, tmdbId, season, episode]);
  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      sandbox="allow-scripts allow-same-origin allow-presentation"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
