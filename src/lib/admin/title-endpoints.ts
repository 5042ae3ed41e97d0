/** The list / publish / delete endpoints shared by /api/admin/movies and /api/admin/tv. */
import { endpoint } from '../http/endpoint.ts';
import { AdminListQuery, DeleteTitlesBody, PublishBody, type AdminCount } from './contract.ts';
import { deleteTitles, listTitles, setPublished, type TitleKind } from './titles.ts';

export function titleEndpoints(kind: TitleKind) {
  return {
    GET: endpoint({
      access: 'admin',
      query: AdminListQuery,
      handler: ({ db, query }) => listTitles(db, kind, query),
    }),
    PATCH: endpoint({
      access: 'admin',
      body: PublishBody,
      rebuild: ({ count }: AdminCount, { body }) => `${body.is_published ? 'publish' : 'unpublish'} ${count} ${kind}`,
      handler: async ({ db, body }): Promise<AdminCount> => {
        const count = await setPublished(db, kind, body.ids, body.is_published);
        return { count, message: `${count} item(s) ${body.is_published ? 'published' : 'unpublished'}!` };
      },
    }),
    DELETE: endpoint({
      access: 'admin',
      body: DeleteTitlesBody,
      rebuild: ({ count }: AdminCount) => `delete ${count} ${kind}`,
      handler: async ({ db, body }): Promise<AdminCount> => {
        const count = await deleteTitles(db, kind, body.ids);
        return { count, message: `${count} item(s) deleted successfully!` };
      },
    }),
  };
}
