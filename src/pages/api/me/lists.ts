/** The signed-in user's My List and Wishlist: GET ?list= (newest first), POST { list, type, tmdbId } adds (a published title), DELETE removes. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ListItemBody, ListQuery } from '../../../lib/lists/contract.ts';
import { listRoutes } from '../../../lib/lists/routes.ts';
import { LIST_LABELS, addToList, titlesInList, removeFromList } from '../../../lib/lists/lists.ts';

export const prerender = false;

export const GET = endpoint(listRoutes.items, {
  query: ListQuery,
  handler: async ({ db, user, query }) => ({ items: await titlesInList(db, user.id, query.list) }),
});

export const POST = endpoint(listRoutes.add, {
  body: ListItemBody,
  handler: async ({ db, user, body }) => {
    const added = await addToList(db, user.id, body);
    return { inList: true, added, message: `Added to ${LIST_LABELS[body.list].title}` };
  },
});

export const DELETE = endpoint(listRoutes.remove, {
  body: ListItemBody,
  handler: async ({ db, user, body }) => {
    const removed = await removeFromList(db, user.id, body);
    return { inList: false, removed, message: `Removed from ${LIST_LABELS[body.list].title}` };
  },
});
