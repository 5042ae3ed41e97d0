/** POST { tvShowId, seasonNumber, links }: bulk stream/download links for a season → { message, errors }. */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { found } from '../../../../lib/http/errors.ts';
import { MAX_LINK_UPLOAD_BYTES, UploadLinksBody } from '../../../../lib/admin/contract.ts';
import { uploadEpisodeLinks } from '../../../../lib/admin/episodes.ts';
import { TITLE_KINDS } from '../../../../lib/titles/title-kinds.ts';
import { catalogueChanged } from '../../../../lib/publishing/catalogue-changes.ts';
import { adminRoutes } from '../../../../lib/admin/routes.ts';

export const prerender = false;

export const POST = endpoint(adminRoutes.uploadEpisodeLinks, {
  body: UploadLinksBody,
  maxBodyBytes: MAX_LINK_UPLOAD_BYTES,
  // Every link either fails (and is reported) or is applied.
  afterSuccess: ({ errors }, { db, body, context }) =>
    (errors.length < body.links.length ? catalogueChanged(db, context) : undefined),
  handler: async ({ db, body }) => {
    const { message, errors } = found(await uploadEpisodeLinks(db, body.tvShowId, body.seasonNumber, body.links), TITLE_KINDS.tv.notFoundMessage);
    return { message, errors };
  },
});
