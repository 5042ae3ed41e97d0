/** POST { kind, ... }: "Use TMDB's" on a show's or an episode's field the admin owns, or on a deleted episode. */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { UseTmdbBody } from '../../../../lib/admin/contract.ts';
import { episodeUseTmdb, restoreDeletedEpisode } from '../../../../lib/admin/episodes.ts';
import { showUseTmdb } from '../../../../lib/admin/titles.ts';
import { catalogueChanged } from '../../../../lib/publishing/catalogue-changes.ts';
import { adminRoutes } from '../../../../lib/admin/routes.ts';

export const prerender = false;

export const POST = endpoint(adminRoutes.useTmdb, {
  body: UseTmdbBody,
  afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
  handler: async ({ db, body }) => {
    if (body.kind === 'show') {
      await showUseTmdb(db, body.id, body.field);
      return { message: 'Content updated successfully!' };
    }
    if (body.kind === 'episode') {
      await episodeUseTmdb(db, body.id, body.field);
      return { message: 'Episode updated successfully!' };
    }
    await restoreDeletedEpisode(db, body.showId, body.tmdbId);
    return { message: 'Episode restored from TMDB.' };
  },
});
