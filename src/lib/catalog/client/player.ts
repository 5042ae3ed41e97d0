/** Player rules shared by the movie and TV pages (spec section 4). */
export type PlayerMode = 'movie' | 'trailer';

/** Full Movie when a stream link exists, otherwise Trailer when a trailer key exists. */
export function playerModeFor(streamUrl: string | null, trailerKey: string | null): PlayerMode | null {
  if (streamUrl) return 'movie';
  if (trailerKey) return 'trailer';
  return null;
}

export function trailerEmbedUrl(key: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(key)}?autoplay=1&rel=0&enablejsapi=1`;
}
