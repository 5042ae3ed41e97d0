/**
 * GET: the latest TMDB sync (when it ran, what it changed); POST {}: starts a sync (202 with it; 409 while one
 * runs, 503 without TMDB_API_KEY). The sync queues the site rebuild itself when it ends.
 */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { StartSyncBody, type SyncStatus } from '../../../lib/tmdb/contract.ts';
import { latestSync, startSync } from '../../../lib/tmdb/sync.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'admin',
  handler: async ({ db }): Promise<SyncStatus> => ({ latest: await latestSync(db) }),
});

export const POST = endpoint({
  access: 'admin',
  body: StartSyncBody,
  status: 202,
  handler: async ({ db, context }): Promise<SyncStatus> => ({ latest: await startSync(db, 'admin', context.url.origin) }),
});
