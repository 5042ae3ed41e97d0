/** The signed-in user's My List and Wishlist: GET ?list= (newest first), POST { list, type, tmdbId } adds, DELETE removes. */
import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { getDb } from '../../../lib/db.ts';
import { json, jsonError, readJson, validate } from '../../../lib/http/respond.ts';
import { refuseVisitor } from '../../../lib/accounts/guards.ts';
import { LIST_LABELS, addToList, listItemBody, listNameSchema, listTitles, removeFromList } from '../../../lib/lists/lists.ts';
import { isPublishedTitle } from '../../../lib/personal/titles.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, url }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  const query = validate(z.object({ list: listNameSchema }), Object.fromEntries(url.searchParams));
  if (!query.ok) return query.response;
  return json({ items: await listTitles(await getDb(), locals.user!.id, query.data.list) });
};

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  const body = await readJson(request, listItemBody);
  if (!body.ok) return body.response;
  const db = await getDb();
  if (!(await isPublishedTitle(db, body.data))) return jsonError('Title not found.', 404);
  const added = await addToList(db, locals.user!.id, body.data);
  return json({ inList: true, added, message: `Added to ${LIST_LABELS[body.data.list].title}` });
};

export const DELETE: APIRoute = async ({ locals, request }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  const body = await readJson(request, listItemBody);
  if (!body.ok) return body.response;
  const removed = await removeFromList(await getDb(), locals.user!.id, body.data);
  return json({ inList: false, removed, message: `Removed from ${LIST_LABELS[body.data.list].title}` });
};
