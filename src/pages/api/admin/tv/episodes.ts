/** A show's episodes for the admin: GET ?showId=&season=, PATCH one episode, DELETE { id }. */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { found } from '../../../../lib/http/errors.ts';
import { EpisodesQuery, EpisodeUpdateBody, IdBody } from '../../../../lib/admin/contract.ts';
import { deleteEpisode, loadSeasonView, updateEpisode } from '../../../../lib/admin/episodes.ts';
import { TITLE_KINDS } from '../../../../lib/titles/title-kinds.ts';
import { catalogueChanged } from '../../../../lib/publishing/catalogue-changes.ts';
import { adminRoutes } from '../../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.seasonEpisodes, {
  query: EpisodesQuery,
  handler: async ({ db, query }) => found(await loadSeasonView(db, query.showId, query.season), TITLE_KINDS.tv.notFoundMessage),
});

export const PATCH = endpoint(adminRoutes.editEpisode, {
  body: EpisodeUpdateBody,
  afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
  handler: async ({ db, body: { id, ...edit } }) => {
    await updateEpisode(db, id, edit);
    return { message: 'Episode updated successfully!' };
  },
});

export const DELETE = endpoint(adminRoutes.deleteEpisode, {
  body: IdBody,
  afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
  handler: async ({ db, body }) => {
    found(await deleteEpisode(db, body.id), 'Episode not found.');
    return { message: 'Episode deleted successfully!' };
  },
});
