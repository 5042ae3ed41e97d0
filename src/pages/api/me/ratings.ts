/** The signed-in user's star rating of a title: PUT { type, tmdbId, rating } saves it (upsert) and answers the new count. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, jsonError, readJson } from '../../../lib/http/respond.ts';
import { refuseVisitor } from '../../../lib/accounts/guards.ts';
import { isPublishedTitle } from '../../../lib/personal/titles.ts';
import { rateTitle, ratedMessage, ratingBody, ratingCount } from '../../../lib/ratings/ratings.ts';

export const prerender = false;

export const PUT: APIRoute = async ({ locals, request }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  const body = await readJson(request, ratingBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  if (!(await isPublishedTitle(db, body.data))) return jsonError('Title not found.', 404);
  await rateTitle(db, locals.user!.id, body.data);
  return json({ rating: body.data.rating, ratingCount: await ratingCount(db, body.data), message: ratedMessage(body.data.rating) });
};
