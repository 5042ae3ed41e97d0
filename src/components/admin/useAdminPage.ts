import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorText } from '../../lib/http/api-client.ts';
import type { Route } from '../../lib/http/route.ts';
import type { AdminList, AdminListRequest } from '../../lib/admin/contract.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import { ADMIN_PAGE_SIZE } from './AdminPager.tsx';

/** A route that answers an admin table's page (adminRoutes.titles[kind].list, adminRoutes.requests). */
type AdminPageRoute<Row> = Route<{ query: AdminListRequest; answer: AdminList<Row> }>;

/**
 * One page of an admin table (`route`?q=&page=&pageSize=), read again whenever the search or the page changes.
 * Only the latest read's answer is shown: an earlier, slower one (say the unfiltered list, still on its way when the
 * admin typed a search) must not replace it.
 */
export function useAdminPage<Row>(route: AdminPageRoute<Row>, q: string, page: number) {
  const [data, setData] = useState<AdminList<Row> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const read = ++latest.current;
    try {
      const answer = await call(route, { query: { q, page, pageSize: ADMIN_PAGE_SIZE } });
      if (read !== latest.current) return;
      setData(answer);
      setLoadError(null);
    } catch (error) {
      if (read !== latest.current) return;
      const message = `Failed to fetch data: ${errorText(error, 'unknown error')}`;
      setLoadError(message);
      showToast(message, 'error');
    }
  }, [route, q, page]);
  useEffect(() => { void reload(); }, [reload]);
  return { data, loadError, reload };
}
