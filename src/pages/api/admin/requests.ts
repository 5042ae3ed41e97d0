/** Visitors' requests for the admin: GET ?q=&page= (newest first), DELETE { id }. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, jsonError, readJson, validate } from '../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../lib/accounts/guards.ts';
import { deleteRequest, listRequests } from '../../../lib/admin/requests.ts';
import { listQuery, requestDeleteBody } from '../../../lib/admin/validation.ts';
import { requestRebuild } from '../../../lib/rebuild/index.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, url }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const query = validate(listQuery, Object.fromEntries(url.searchParams));
  if (!query.ok) return query.response;
  return json(await listRequests(await getDb(), query.data));
};

export const DELETE: APIRoute = async ({ locals, request }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const body = await readJson(request, requestDeleteBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  if (!(await deleteRequest(db, body.data.id))) return jsonError('Request not found.', 404);
  // The request page may list public requests statically.
  await requestRebuild(db, `deleted request ${body.data.id}`);
  return json({ message: 'Request deleted successfully.' });
};
