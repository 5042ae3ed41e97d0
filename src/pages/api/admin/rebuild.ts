/** GET: the site rebuild status; POST: request a rebuild now. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, readJson } from '../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../lib/accounts/guards.ts';
import { z } from 'astro/zod';
import { getRebuildStatus, requestRebuild } from '../../../lib/rebuild/index.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  return json(await getRebuildStatus(await getDb()));
};

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const body = await readJson(request, z.object({}).passthrough());
  if (!body.ok) return body.response;
  const db = await getDb();
  await requestRebuild(db, 'requested from the dashboard');
  return json(await getRebuildStatus(db), 202);
};
