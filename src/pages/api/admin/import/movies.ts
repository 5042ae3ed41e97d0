/** POST { page, endPage }: starts a bulk import job of TMDB's popular movies (202 with the job). */
import { bulkImportEndpoint } from '../../../../lib/tmdb/import-endpoints.ts';

export const prerender = false;

export const POST = bulkImportEndpoint('movie');
