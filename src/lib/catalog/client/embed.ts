/** The demo player's URLs and messages: /embed/movie/{tmdbId} and /embed/tv/{tmdbId}/{season}/{episode}. */
export const PLAYER_MESSAGE_SOURCE = 'cinecat-player';
export const DEMO_DURATION_SECONDS = 600;

export type EmbedTarget =
  | { type: 'movie'; tmdbId: number; season?: undefined; episode?: undefined }
  | { type: 'tv'; tmdbId: number; season: number; episode: number };

export function parseEmbedPath(path: string): EmbedTarget | null {
  const parts = path.split('/').filter(Boolean);
  const numbers = parts.slice(1).map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < 0)) return null;
  if (parts[0] === 'movie' && numbers.length === 1 && numbers[0]! > 0) return { type: 'movie', tmdbId: numbers[0]! };
  if (parts[0] === 'tv' && numbers.length === 3 && numbers[0]! > 0) {
    return { type: 'tv', tmdbId: numbers[0]!, season: numbers[1]!, episode: numbers[2]! };
  }
  return null;
}
