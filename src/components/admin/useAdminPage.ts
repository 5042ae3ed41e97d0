import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/http/api-client.ts';
import type { AdminList } from '../../lib/admin/contract.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import { ADMIN_PAGE_SIZE } from './AdminPager.tsx';
import { api } from './api.ts';

/**
 * One page of an admin table (GET `endpoint`?q=&page=&pageSize=), read again whenever the search or the page changes.
 * Only the latest read's answer is shown: an earlier, slower one (say the unfiltered list, still on its way when the
 * admin typed a search) must not replace it.
 */
export function useAdminPage<Row>(endpoint: string, q: string, page: number) {
  const [data, setData] = useState<AdminList<Row> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    try {
      const params = new URLSearchParams({ q, page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
      const answer = await api<AdminList<Row>>(`${endpoint}?${params}`);
      if (call !== latest.current) return;
      setData(answer);
      setLoadError(null);
    } catch (error) {
      if (call !== latest.current) return;
      const message = `Failed to fetch data: ${errorText(error, 'unknown error')}`;
      setLoadError(message);
      showToast(message, 'error');
    }
  }, [endpoint, q, page]);
  useEffect(() => { void reload(); }, [reload]);
  return { data, loadError, reload };
}
