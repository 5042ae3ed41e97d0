/** PATCH { id, stream_url, download_url }: the only movie fields an admin edits (empty means no link). */
import type { APIRoute } from 'astro';
import { getDb } from '../../../../lib/db.ts';
import { json, jsonError, readJson } from '../../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../../lib/accounts/guards.ts';
import { updateMovieLinks } from '../../../../lib/admin/titles.ts';
import { movieLinksBody } from '../../../../lib/admin/validation.ts';
import { requestRebuild } from '../../../../lib/rebuild/index.ts';

export const prerender = false;

export const PATCH: APIRoute = async ({ locals, request }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const body = await readJson(request, movieLinksBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  const { id, ...links } = body.data;
  if (!(await updateMovieLinks(db, id, links))) return jsonError('Movie not found.', 404);
  await requestRebuild(db, `links of movie ${id}`);
  return json({ message: 'Content updated successfully!' });
};
