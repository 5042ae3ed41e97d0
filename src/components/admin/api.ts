/** Browser-side calls to the admin endpoints (src/lib/http/api-client.ts); answers typed by src/lib/admin/contract.ts. */
import { apiRequest, type ApiCall } from '../../lib/http/api-client.ts';
import { showToast } from '../../lib/ui/client/toast.ts';

export const api = <T = unknown>(path: string, method: ApiCall['method'] = 'GET', body?: unknown): Promise<T> =>
  apiRequest<T>(path, { method, body });

interface DeleteRow {
  /** The browser's confirm question; nothing happens unless the admin accepts. */
  question: string;
  /** The endpoint that takes DELETE { id }. */
  path: string;
  id: number;
  /** Toasts after the delete: `done` on success, `failed(error)` on failure. */
  done: string;
  failed(error: unknown): string;
  /** Re-reads the table after a successful delete. */
  reload(): Promise<void>;
}

/** One row's Delete button in an admin table: confirm, DELETE, toast, reload. */
export async function deleteRow({ question, path, id, done, failed, reload }: DeleteRow): Promise<void> {
  if (!window.confirm(question)) return;
  try {
    await api(path, 'DELETE', { id });
    showToast(done, 'success');
    await reload();
  } catch (error) {
    showToast(failed(error), 'error');
  }
}
