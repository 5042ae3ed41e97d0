/** The list / publish / delete endpoints shared by /api/admin/movies and /api/admin/tv. */
import { endpoint } from '../http/endpoint.ts';
import { AdminListQuery, DeleteTitlesBody, PublishBody } from './contract.ts';
import { adminRoutes } from './routes.ts';
import type { ContentType } from '../../../db/schema.ts';
import { CLIENT_TITLE_KINDS } from '../catalog/client/content-types.ts';
import { deleteTitles, listTitles, setPublished } from './titles.ts';
import { catalogueEdited } from '../publishing/catalogue-changes.ts';
import { takedownNotice } from '../publishing/detail-cache.ts';

export function titleEndpoints(type: ContentType) {
  // Rebuild reasons name the titles as their endpoints do ('publish 3 movies').
  const { adminPath } = CLIENT_TITLE_KINDS[type];
  const routes = adminRoutes.titles[type];
  return {
    GET: endpoint(routes.list, {
      query: AdminListQuery,
      handler: ({ db, query }) => listTitles(db, type, query),
    }),
    PATCH: endpoint(routes.publish, {
      body: PublishBody,
      afterSuccess: ({ count }, { db, body, context }) => catalogueEdited(db, context, `${body.isPublished ? 'publish' : 'unpublish'} ${count} ${adminPath}`),
      handler: async ({ db, body, context }) => {
        const count = await setPublished(db, type, body.ids, body.isPublished);
        const message = `${count} item(s) ${body.isPublished ? 'published' : 'unpublished'}!`;
        return body.isPublished ? { count, message } : { count, message, takedown: takedownNotice(count, context.cache.enabled) };
      },
    }),
    DELETE: endpoint(routes.delete, {
      body: DeleteTitlesBody,
      afterSuccess: ({ count }, { db, context }) => catalogueEdited(db, context, `delete ${count} ${adminPath}`),
      handler: async ({ db, body, context }) => {
        const count = await deleteTitles(db, type, body.ids);
        return { count, message: `${count} item(s) deleted successfully!`, takedown: takedownNotice(count, context.cache.enabled) };
      },
    }),
  };
}
