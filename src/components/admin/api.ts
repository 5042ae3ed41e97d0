/** Browser-side calls to the admin endpoints (src/lib/http/api-client.ts); answers typed by src/lib/admin/contract.ts. */
import { apiRequest, type ApiCall } from '../../lib/http/api-client.ts';

export const api = <T = unknown>(path: string, method: ApiCall['method'] = 'GET', body?: unknown): Promise<T> =>
  apiRequest<T>(path, { method, body });
