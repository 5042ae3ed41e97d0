import { endpoint } from '../../../lib/http/endpoint.ts';
import { ExportQuery } from '../../../lib/transfer/contract.ts';
import { exportUserData } from '../../../lib/transfer/export.ts';
import { transferRoutes } from '../../../lib/transfer/routes.ts';

export const prerender = false;

export const GET = endpoint(transferRoutes.exportData, {
  query: ExportQuery,
  handler: async ({ db, user, query }) => {
    const file = await exportUserData(db, user.id, query.format);
    return new Response(file.body, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
