/**
 * GET: the latest TMDB sync (when it ran, what it changed); POST {}: starts a sync (202 with it; 409 while one
 * runs, 503 without TMDB_API_KEY). The sync queues the site rebuild itself when it ends.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { StartSyncBody } from '../../../lib/admin/contract.ts';
import { latestSync, startSync } from '../../../lib/tmdb/sync.ts';
import { adminRoutes } from '../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.syncStatus, {
  handler: async ({ db }) => ({ latest: await latestSync(db) }),
});

export const POST = endpoint(adminRoutes.startSync, {
  body: StartSyncBody,
  handler: async ({ db, context }) => ({ latest: await startSync(db, 'admin', context.url.origin) }),
});
