/** POST a backup file's JSON: replaces every table's rows in one transaction, all or nothing. */
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/db.ts';
import { json, jsonError, readJson } from '../../../lib/http/respond.ts';
import { refuseNonAdmin } from '../../../lib/accounts/guards.ts';
import { BackupError, restoreBackup } from '../../../lib/backup/backup.ts';
import { requestRebuild } from '../../../lib/rebuild/index.ts';
import { z } from 'astro/zod';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = refuseNonAdmin(locals);
  if (refused) return refused;
  const body = await readJson(request, z.unknown());
  if (!body.ok) return body.response;
  const db = await getDb();
  try {
    const { rows } = await restoreBackup(db, body.data);
    await requestRebuild(db, 'database restore');
    return json({ message: 'Database restore completed successfully!', rows });
  } catch (error) {
    if (error instanceof BackupError) return json({ error: error.message, detail: error.detail ?? null }, 400);
    console.error('[restore]', error);
    return jsonError('Restore failed.', 500);
  }
};
