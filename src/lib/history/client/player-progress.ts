/**
 * Records Continue Watching progress from an embedded player, for the movie player and the TV episode player alike:
 *
 *   useEffect(() => playing ? trackPlayerProgress(frameRef.current, { type: 'movie', tmdbId }) : undefined, [playing]);
 *
 * It understands the demo player's messages ({ source: 'cinecat-player', event, currentTime, duration }) and
 * YouTube's embed messages (the trailer frame, with enablejsapi=1: asked to report with a 'listening' message,
 * so no YouTube script is loaded). Only messages from the given frame count. Writes are throttled, and only
 * happen for a signed-in user.
 */
import type { ContentType } from '../../titles/client/content-types.ts';
import { resolvedUser } from '../../accounts/client/session-store.ts';
import { PLAYER_MESSAGE_SOURCE } from '../../catalog/client/embed.ts';
import { call } from '../../http/api-client.ts';
import { historyRoutes } from '../routes.ts';

export const SAVE_INTERVAL_MS = 15_000;

export interface PlaybackTarget {
  type: ContentType;
  tmdbId: number;
  season?: number;
  episode?: number;
}

export interface PlayerReport {
  currentTime: number;
  duration: number;
  /** Pause, end or seek: saved at once rather than on the throttle. */
  final: boolean;
}

/** A player message as a report, or null when it is none of ours. */
export function readPlayerMessage(data: unknown): PlayerReport | null {
  const message = typeof data === 'string' ? safeParse(data) : data;
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  if (m.source === PLAYER_MESSAGE_SOURCE && typeof m.currentTime === 'number' && typeof m.duration === 'number') {
    return { currentTime: m.currentTime, duration: m.duration, final: m.event === 'pause' || m.event === 'ended' };
  }
  // YouTube: { event: 'infoDelivery', info: { currentTime, duration, playerState } }; state 0 ended, 2 paused.
  const info = m.event === 'infoDelivery' ? (m.info as Record<string, unknown> | undefined) : undefined;
  if (info && typeof info.currentTime === 'number' && typeof info.duration === 'number') {
    return { currentTime: info.currentTime, duration: info.duration, final: info.playerState === 0 || info.playerState === 2 };
  }
  return null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Decides which reports to save: the first, then one per interval, and every final one. */
export function createThrottle(intervalMs = SAVE_INTERVAL_MS) {
  let lastSaved = -Infinity;
  return (report: PlayerReport, now: number): boolean => {
    if (!(report.duration > 0)) return false;
    if (!report.final && now - lastSaved < intervalMs) return false;
    lastSaved = now;
    return true;
  };
}

export function progressPercentage(report: PlayerReport): number {
  return Math.min(100, Math.max(0, (report.currentTime / report.duration) * 100));
}

/** Starts listening to the frame's player; returns the function that stops. */
export function trackPlayerProgress(frame: HTMLIFrameElement | null, target: PlaybackTarget): () => void {
  if (!frame) return () => {};
  const shouldSave = createThrottle();
  const onMessage = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow) return;
    const report = readPlayerMessage(event.data);
    if (!report || !shouldSave(report, Date.now())) return;
    void resolvedUser().then((user) => {
      if (!user) return;
      const body = {
        type: target.type, tmdbId: target.tmdbId, season: target.season ?? null, episode: target.episode ?? null,
        progress: progressPercentage(report), position: report.currentTime,
      };
      return call(historyRoutes.saveProgress, { body });
    }).catch((error: unknown) => console.warn('Could not save watch progress', error));
  };
  window.addEventListener('message', onMessage);
  // YouTube only reports to a page that said it listens (once the frame has loaded).
  const listen = () => frame.contentWindow?.postMessage(JSON.stringify({ event: 'listening', id: 'cinecat', channel: 'widget' }), '*');
  frame.addEventListener('load', listen);
  return () => {
    window.removeEventListener('message', onMessage);
    frame.removeEventListener('load', listen);
  };
}
