/** The list / publish / delete handlers shared by /api/admin/movies and /api/admin/tv. */
import type { APIRoute } from 'astro';
import { getDb } from '../db.ts';
import { requestRebuild } from '../rebuild/index.ts';
import { json, readJson, validate } from '../http/respond.ts';
import { refuseNonAdmin } from '../accounts/guards.ts';
import { deleteTitles, listTitles, setPublished, type TitleKind } from './titles.ts';
import { deleteBody, listQuery, publishBody } from './validation.ts';

export function titleEndpoints(kind: TitleKind): { GET: APIRoute; PATCH: APIRoute; DELETE: APIRoute } {
  return {
    GET: async ({ locals, url }) => {
      const refused = refuseNonAdmin(locals);
      if (refused) return refused;
      const query = validate(listQuery, Object.fromEntries(url.searchParams));
      if (!query.ok) return query.response;
      return json(await listTitles(await getDb(), kind, query.data));
    },
    PATCH: async ({ locals, request }) => {
      const refused = refuseNonAdmin(locals);
      if (refused) return refused;
      const body = await readJson(request, publishBody);
      if (!body.ok) return body.response;
      const db = await getDb();
      const count = await setPublished(db, kind, body.data.ids, body.data.is_published);
      await requestRebuild(db, `${body.data.is_published ? 'publish' : 'unpublish'} ${count} ${kind}`);
      return json({ count, message: `${count} item(s) ${body.data.is_published ? 'published' : 'unpublished'}!` });
    },
    DELETE: async ({ locals, request }) => {
      const refused = refuseNonAdmin(locals);
      if (refused) return refused;
      const body = await readJson(request, deleteBody);
      if (!body.ok) return body.response;
      const db = await getDb();
      const count = await deleteTitles(db, kind, body.data.ids);
      await requestRebuild(db, `delete ${count} ${kind}`);
      return json({ count, message: `${count} item(s) deleted successfully!` });
    },
  };
}
