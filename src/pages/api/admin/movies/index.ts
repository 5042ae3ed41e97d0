/** Admin movie list (GET ?q=&page=), bulk publish (PATCH { ids, isPublished }) and bulk delete (DELETE { ids }). */
import { titleEndpoints } from '../../../../lib/admin/title-endpoints.ts';

export const prerender = false;
export const { GET, PATCH, DELETE } = titleEndpoints('movie');
