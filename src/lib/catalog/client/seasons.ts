/** Season and episode rules of the TV page (spec sections 2 and 4). Pure: the episode island runs them too. */

export function seasonLabel(season: number): string {
  return season === 0 ? 'Specials' : `Season ${season}`;
}

/** The season shown first: the first one above 0, else the first (a show with specials only). */
export function defaultSeason(seasons: number[]): number | null {
  return seasons.find((n) => n > 0) ?? seasons[0] ?? null;
}

export interface EpisodeRequest { season: number; episode: number | null }

/** Reads `?season=N&episode=M` (Continue Watching links); null when no usable season is given. */
export function parseEpisodeRequest(params: URLSearchParams): EpisodeRequest | null {
  const season = wholeNumber(params.get('season'));
  if (season === null) return null;
  return { season, episode: wholeNumber(params.get('episode')) };
}

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d{1,4}$/.test(value) ? Number(value) : null;
}

export const EPISODE_UNAVAILABLE_MESSAGE = 'This episode is not available for streaming yet.';
