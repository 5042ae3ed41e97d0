/** GET: the site rebuild status; POST: request a rebuild now (202 with the status). */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { RebuildBody } from '../../../lib/admin/contract.ts';
import { getRebuildStatus, requestRebuild } from '../../../lib/rebuild/index.ts';
import { adminRoutes } from '../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.rebuildStatus, {
  handler: ({ db }) => getRebuildStatus(db),
});

export const POST = endpoint(adminRoutes.requestRebuild, {
  body: RebuildBody,
  handler: async ({ db }) => {
    // The rebuild itself is what was asked for (not a side effect of a change), and it must be queued before
    // the status is read, so it is requested here rather than through the `rebuild` option.
    await requestRebuild(db, 'requested from the dashboard');
    return getRebuildStatus(db);
  },
});
