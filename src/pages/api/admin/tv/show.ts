/** PATCH { id, trailer_key }: the admin's edit of a TV row (empty means no trailer). */
import { endpoint } from '../../../../lib/http/endpoint.ts';
import { updateShow } from '../../../../lib/admin/titles.ts';
import { showEditBody } from '../../../../lib/admin/validation.ts';

export const prerender = false;

export const PATCH = endpoint({
  access: 'admin',
  body: showEditBody,
  rebuild: (_, { body }) => `edit of show ${body.id}`,
  handler: async ({ db, body }) => {
    await updateShow(db, body);
    return { message: 'Content updated successfully!' };
  },
});
