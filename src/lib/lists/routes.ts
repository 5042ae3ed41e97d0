/** Routes of /api/me/lists (route.ts). */
import { route } from '../http/route.ts';
import type { ListChange, ListItem, ListItems, ListName } from './contract.ts';

export const listRoutes = {
  items: route<{ query: { list: ListName }; answer: ListItems }>()({ method: 'GET', path: '/api/me/lists', access: 'user' }),
  add: route<{ body: ListItem; answer: ListChange }>()({ method: 'POST', path: '/api/me/lists', access: 'user' }),
  remove: route<{ body: ListItem; answer: ListChange }>()({ method: 'DELETE', path: '/api/me/lists', access: 'user' }),
};
