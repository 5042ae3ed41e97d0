/** POST { tmdb_id, stream_url?, download_url? }: adds (or refreshes) one movie from TMDB. */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { AddMovieBody } from '../../../../lib/tmdb/contract.ts';
import { addTitle, configuredTmdbClient } from '../../../../lib/tmdb/actions.ts';

export const prerender = false;

export const POST = endpoint({
  access: 'admin',
  body: AddMovieBody,
  rebuild: (_, { body }) => `added movie ${body.tmdb_id}`,
  handler: ({ db, body }) => addTitle(db, configuredTmdbClient(), 'movie', body),
});
