/** What the signed-in user did with one title: GET ?type=&tmdbId= answers { lists, rating, ratingCount }. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, validate } from '../../../lib/http/respond.ts';
import { refuseVisitor } from '../../../lib/accounts/guards.ts';
import { listsHolding } from '../../../lib/lists/lists.ts';
import { titleRefSchema } from '../../../lib/personal/titles.ts';
import { ratingCount, userRating } from '../../../lib/ratings/ratings.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, url }) => {
  const refused = refuseVisitor(locals);
  if (refused) return refused;
  const query = validate(titleRefSchema, Object.fromEntries(url.searchParams));
  if (!query.ok) return query.response;
  const db = await getDb();
  const userId = locals.user!.id;
  const [lists, rating, count] = await Promise.all([
    listsHolding(db, userId, query.data), userRating(db, userId, query.data), ratingCount(db, query.data),
  ]);
  return json({ lists, rating, ratingCount: count });
};
