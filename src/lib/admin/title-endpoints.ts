/** The list / publish / delete endpoints shared by /api/admin/movies and /api/admin/tv. */
import { endpoint } from '../http/endpoint.ts';
import { AdminListQuery, DeleteTitlesBody, PublishBody } from './contract.ts';
import { adminRoutes } from './routes.ts';
import type { ContentType } from '../../../db/schema.ts';
import { deleteTitles, listTitles, setPublished } from './titles.ts';
import { catalogueChanged, takedownNotice } from '../publishing/catalogue-changes.ts';

export function titleEndpoints(type: ContentType) {
  const routes = adminRoutes.titles[type];
  return {
    GET: endpoint(routes.list, {
      query: AdminListQuery,
      handler: ({ db, query }) => listTitles(db, type, query),
    }),
    PATCH: endpoint(routes.publish, {
      body: PublishBody,
      afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
      handler: async ({ db, body }) => {
        const count = await setPublished(db, type, body.ids, body.isPublished);
        const message = `${count} item(s) ${body.isPublished ? 'published' : 'unpublished'}!`;
        return body.isPublished ? { count, message } : { count, message, takedown: takedownNotice(count) };
      },
    }),
    DELETE: endpoint(routes.delete, {
      body: DeleteTitlesBody,
      afterSuccess: (_, { db, context }) => catalogueChanged(db, context),
      handler: async ({ db, body }) => {
        const count = await deleteTitles(db, type, body.ids);
        return { count, message: `${count} item(s) deleted successfully!`, takedown: takedownNotice(count) };
      },
    }),
  };
}
