/** POST { tv_show_id, season_number, links }: bulk stream/download links for a season → { message, errors }. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../../lib/db.ts';
import { uploadEpisodeLinks } from '../../../../lib/admin/episodes.ts';
import { json, jsonError, readJson } from '../../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../../lib/accounts/guards.ts';
import { uploadLinksBody } from '../../../../lib/admin/validation.ts';
import { requestRebuild } from '../../../../lib/rebuild/index.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const body = await readJson(request, uploadLinksBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  const { tv_show_id, season_number, links } = body.data;
  const result = await uploadEpisodeLinks(db, tv_show_id, season_number, links);
  if (!result) return jsonError('TV show not found.', 404);
  if (result.updated) await requestRebuild(db, `episode links of show ${tv_show_id} season ${season_number}`);
  return json({ message: result.message, errors: result.errors });
};
