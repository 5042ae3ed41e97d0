/** Visitors' requests for the admin: GET ?q=&page= (newest first), DELETE { id }. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { found } from '../../../lib/http/errors.ts';
import { AdminListQuery, IdBody } from '../../../lib/admin/contract.ts';
import { deleteRequest, listRequests } from '../../../lib/admin/requests.ts';
import { adminRoutes } from '../../../lib/admin/routes.ts';

export const prerender = false;

export const GET = endpoint(adminRoutes.requests, {
  query: AdminListQuery,
  handler: ({ db, query }) => listRequests(db, query),
});

/** No page lists requests statically, so deleting one rebuilds nothing. */
export const DELETE = endpoint(adminRoutes.deleteRequest, {
  body: IdBody,
  handler: async ({ db, body }) => {
    found(await deleteRequest(db, body.id), 'Request not found.');
    return { message: 'Request deleted successfully.' };
  },
});
