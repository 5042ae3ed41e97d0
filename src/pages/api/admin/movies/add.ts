/** POST { tmdbId, streamUrl?, downloadUrl? }: adds (or refreshes) one movie from TMDB. */
import { addTitleEndpoint } from '../../../../lib/tmdb/import-endpoints.ts';

export const prerender = false;

export const POST = addTitleEndpoint('movie');
