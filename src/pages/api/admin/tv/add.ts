/** POST { tmdb_id }: adds (or refreshes) one TV show, with its seasons and episodes, from TMDB. */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { AddShowBody } from '../../../../lib/tmdb/contract.ts';
import { addTitle, configuredTmdbClient } from '../../../../lib/tmdb/actions.ts';

export const prerender = false;

export const POST = endpoint({
  access: 'admin',
  body: AddShowBody,
  rebuild: (_, { body }) => `added tv ${body.tmdb_id}`,
  handler: ({ db, body }) => addTitle(db, configuredTmdbClient(), 'tv', body),
});
