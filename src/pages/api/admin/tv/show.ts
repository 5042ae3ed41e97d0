/** PATCH { id, trailerKey }: the admin's edit of a TV row (empty means no trailer). */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { updateShow } from '../../../../lib/admin/titles.ts';
import { ShowEditBody } from '../../../../lib/admin/contract.ts';
import { catalogueChanged } from '../../../../lib/publishing/catalogue-changes.ts';
import { adminRoutes } from '../../../../lib/admin/routes.ts';

export const prerender = false;

export const PATCH = endpoint(adminRoutes.editShow, {
  body: ShowEditBody,
  afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
  handler: async ({ db, body }) => {
    await updateShow(db, body);
    return { message: 'Content updated successfully!' };
  },
});
