/** PATCH { id, streamUrl, downloadUrl }: the only movie fields an admin edits (empty means no link). */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { found } from '../../../../lib/http/errors.ts';
import { MovieLinksBody } from '../../../../lib/admin/contract.ts';
import { adminRoutes } from '../../../../lib/admin/routes.ts';
import { updateMovieLinks } from '../../../../lib/admin/titles.ts';
import { TITLE_KINDS } from '../../../../lib/titles/title-kinds.ts';
import { catalogueChanged } from '../../../../lib/publishing/catalogue-changes.ts';

export const prerender = false;

export const PATCH = endpoint(adminRoutes.editMovieLinks, {
  body: MovieLinksBody,
  afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
  handler: async ({ db, body: { id, ...links } }) => {
    found(await updateMovieLinks(db, id, links), TITLE_KINDS.movie.notFoundMessage);
    return { message: 'Content updated successfully!' };
  },
});
