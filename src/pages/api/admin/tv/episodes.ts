/** A show's episodes for the admin: GET ?showId=&season=, PATCH one episode, DELETE { id }. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../../lib/db.ts';
import { deleteEpisode, loadSeasonView, updateEpisode } from '../../../../lib/admin/episodes.ts';
import { json, jsonError, readJson, validate } from '../../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../../lib/accounts/guards.ts';
import { episodeDeleteBody, episodesQuery, episodeUpdateBody } from '../../../../lib/admin/validation.ts';
import { requestRebuild } from '../../../../lib/rebuild/index.ts';
import { endpoint } from '../../../../lib/http/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, url }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const query = validate(episodesQuery, Object.fromEntries(url.searchParams));
  if (!query.ok) return query.response;
  const view = await loadSeasonView(await getDb(), query.data.showId, query.data.season);
  return view ? json(view) : jsonError('TV show not found.', 404);
};

export const PATCH = endpoint({
  access: 'admin',
  body: episodeUpdateBody,
  handler: async ({ db, body: { id, ...edit } }) => ({ showId: await updateEpisode(db, id, edit), message: 'Episode updated successfully!' }),
  rebuild: ({ showId }, { body }) => `episode ${body.id} of show ${showId}`,
});

export const DELETE: APIRoute = async ({ locals, request }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const body = await readJson(request, episodeDeleteBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  const showId = await deleteEpisode(db, body.data.id);
  if (showId === null) return jsonError('Episode not found.', 404);
  await requestRebuild(db, `deleted episode of show ${showId}`);
  return json({ message: 'Episode deleted successfully!' });
};
