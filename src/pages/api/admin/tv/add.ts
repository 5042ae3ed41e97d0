/** POST { tmdbId }: adds (or refreshes) one TV show, with its seasons and episodes, from TMDB. */
import { addTitleEndpoint } from '../../../../lib/tmdb/import-endpoints.ts';

export const prerender = false;

export const POST = addTitleEndpoint('tv');
