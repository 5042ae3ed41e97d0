/** Continue Watching: GET answers the signed-in user's unfinished titles; POST records player progress. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ProgressBody } from '../../../lib/history/contract.ts';
import { historyRoutes } from '../../../lib/history/routes.ts';
import { continueWatching, recordProgress } from '../../../lib/history/history.ts';
import { requirePublishedTitle } from '../../../lib/personal/titles.ts';

export const prerender = false;

export const GET = endpoint(historyRoutes.continueWatching, {
  handler: async ({ db, user }) => ({ items: await continueWatching(db, user.id) }),
});

export const POST = endpoint(historyRoutes.saveProgress, {
  body: ProgressBody,
  handler: async ({ db, user, body }) => {
    await requirePublishedTitle(db, body);
    await recordProgress(db, user.id, body);
    return { saved: true };
  },
});
