/** The add-one and bulk-import endpoints shared by /api/admin/{movies,tv}/add and /api/admin/import/{movies,tv}. */
import { endpoint } from '../http/endpoint.ts';
import type { ContentType } from '../../../db/schema.ts';
import { AddMovieBody, AddShowBody, BulkImportBody } from './contract.ts';
import { addTitle, bulkImportPage, configuredTmdbClient } from './actions.ts';

/** POST { tmdb_id } (movies also take stream_url?, download_url?): adds or refreshes one title from TMDB. */
export function addTitleEndpoint(kind: ContentType) {
  return endpoint({
    access: 'admin',
    body: kind === 'movie' ? AddMovieBody : AddShowBody,
    rebuild: (_, { body }) => `added ${kind} ${body.tmdb_id}`,
    handler: ({ db, body }) => addTitle(db, configuredTmdbClient(), kind, body),
  });
}

/** POST { page, endPage }: imports TMDB's popular titles one page per call, so each call fits a serverless time limit. */
export function bulkImportEndpoint(kind: ContentType) {
  return endpoint({
    access: 'admin',
    body: BulkImportBody,
    rebuild: (_, { body }) => `bulk import ${kind} page ${body.page}`,
    handler: ({ db, body }) => bulkImportPage(db, configuredTmdbClient(), kind, body.page, body.endPage),
  });
}
