/** The signed-in user's My List and Wishlist: GET ?list= (newest first), POST { list, type, tmdbId } adds (a published title), DELETE removes. */
import { endpoint } from '../../../lib/http/endpoint.ts';
import { ListItemBody, ListQuery, type ListChange, type ListItems } from '../../../lib/lists/contract.ts';
import { LIST_LABELS, addToList, titlesInList, removeFromList } from '../../../lib/lists/lists.ts';

export const prerender = false;

export const GET = endpoint({
  access: 'user',
  query: ListQuery,
  handler: async ({ db, user, query }): Promise<ListItems> => ({ items: await titlesInList(db, user.id, query.list) }),
});

export const POST = endpoint({
  access: 'user',
  body: ListItemBody,
  handler: async ({ db, user, body }): Promise<ListChange> => {
    const added = await addToList(db, user.id, body);
    return { inList: true, added, message: `Added to ${LIST_LABELS[body.list].title}` };
  },
});

export const DELETE = endpoint({
  access: 'user',
  body: ListItemBody,
  handler: async ({ db, user, body }): Promise<ListChange> => {
    const removed = await removeFromList(db, user.id, body);
    return { inList: false, removed, message: `Removed from ${LIST_LABELS[body.list].title}` };
  },
});
