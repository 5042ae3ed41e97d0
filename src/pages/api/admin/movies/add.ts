/** POST { tmdb_id, stream_url?, download_url? }: adds (or refreshes) one movie from TMDB. */
import { addTitleEndpoint } from '../../../../lib/tmdb/import-endpoints.ts';

export const prerender = false;

export const POST = addTitleEndpoint('movie');
