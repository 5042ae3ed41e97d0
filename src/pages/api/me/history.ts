/** Continue Watching: GET answers the signed-in user's unfinished titles; POST records player progress. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, jsonError, readJson } from '../../../lib/http/respond.ts';
import { refuseVisitor } from '../../../lib/accounts/guards.ts';
import { continueWatching, progressBody, recordProgress } from '../../../lib/history/history.ts';
import { isPublishedTitle } from '../../../lib/personal/titles.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  return json({ items: await continueWatching(await getDb(), locals.user!.id) });
};

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  const body = await readJson(request, progressBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  if (!(await isPublishedTitle(db, body.data))) return jsonError('Title not found.', 404);
  await recordProgress(db, locals.user!.id, body.data);
  return json({ saved: true });
};
