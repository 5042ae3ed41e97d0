/** Routes of importing and exporting a user's data: /api/me/import and /api/me/export (route.ts). */
import { route } from '../http/route.ts';
import type { ExportFormat, ImportReport } from './contract.ts';

export const transferRoutes = {
  /** The body is the file itself (not JSON): the browser sends it with upload progress (client/upload.ts). */
  importFile: route<{ query: { name?: string }; answer: ImportReport }>()({ method: 'POST', path: '/api/me/import', access: 'user' }),
  /** A file download, never JSON: a link's target, not called. */
  exportData: route<{ query: { format: ExportFormat }; answer: never }>()({ method: 'GET', path: '/api/me/export', access: 'user' }),
};
