/** Change password (signed-in users): needs the current password; other sessions end. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { refuseVisitor } from '../../../lib/accounts/guards.ts';
import { handleChangePassword } from '../../../lib/accounts/endpoints.ts';
import { sessionKeys } from '../../../lib/accounts/server-env.ts';

export const prerender = false;

export const POST: APIRoute = async (context) =>
  refuseVisitor(context.locals) ?? handleChangePassword(context.request, context.locals.user!, { db: await getDb(), keys: sessionKeys(context) });
