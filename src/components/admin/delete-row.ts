/** One row's Delete button in an admin table: confirm, DELETE { id }, toast, reload. */
import { call } from '../../lib/http/api-client.ts';
import type { Route } from '../../lib/http/route.ts';
import type { AdminMessage, IdRequest } from '../../lib/admin/contract.ts';
import { showToast } from '../../lib/ui/client/toast.ts';

interface DeleteRow {
  /** The browser's confirm question; nothing happens unless the admin accepts. */
  question: string;
  /** The route that deletes one row by id (adminRoutes.deleteEpisode, adminRoutes.deleteRequest). */
  route: Route<{ body: IdRequest; answer: AdminMessage }>;
  id: number;
  /** Toasts after the delete: `done` on success, `failed(error)` on failure. */
  done: string;
  failed(error: unknown): string;
  /** Re-reads the table after a successful delete. */
  reload(): Promise<void>;
}

export async function deleteRow({ question, route, id, done, failed, reload }: DeleteRow): Promise<void> {
  if (!window.confirm(question)) return;
  try {
    await call(route, { body: { id } });
    showToast(done, 'success');
    await reload();
  } catch (error) {
    showToast(failed(error), 'error');
  }
}
