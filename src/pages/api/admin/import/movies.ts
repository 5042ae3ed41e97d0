/** POST { page, endPage }: imports TMDB's popular movies, one page per call. */
import { bulkImportEndpoint } from '../../../../lib/tmdb/import-endpoints.ts';

export const prerender = false;

export const POST = bulkImportEndpoint('movie');
