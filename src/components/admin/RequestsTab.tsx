/** Requests tab: newest first, a page at a time, search on the message, delete one. */
import { useEffect, useState } from 'react';
import { deleteRow } from './delete-row.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { AdminRequestRow } from '../../lib/admin/contract.ts';
import { useAdminPage } from './useAdminPage.ts';
import { useDebounced } from './useDebounced.ts';
import AdminPager from './AdminPager.tsx';

export default function RequestsTab() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(1);
  const { data, reload } = useAdminPage(adminRoutes.requests, q, page);
  useEffect(() => { setPage(1); }, [q]);

  const remove = (request: AdminRequestRow) => deleteRow({
    question: 'Are you sure you want to delete this request?', route: adminRoutes.deleteRequest, id: request.id,
    done: 'Request deleted successfully.', failed: () => 'Failed to delete request.', reload,
  });

  return (
    <div>
      <div className="admin-toolbar">
        <input type="search" className="admin-input" placeholder="Search requests..." aria-label="Search requests"
          value={search} onChange={(event) => setSearch(event.target.value)} />
        <span className="admin-count" data-testid="total-count">{data ? `${data.total} requests` : ''}</span>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead><tr><th>Date</th><th>From</th><th>Message</th><th>Public</th><th>Actions</th></tr></thead>
          <tbody>
            {data?.items.map((request) => (
              <tr key={request.id} data-testid="request-row">
                <td>{new Date(request.createdAt).toLocaleString()}</td>
                <td>{request.userEmail ?? 'Visitor'}</td>
                <td className="admin-overview">{request.message}</td>
                <td>{request.isPublic ? 'Yes' : 'No'}</td>
                <td><button type="button" className="btn btn-danger" onClick={() => remove(request)}>Delete</button></td>
              </tr>
            ))}
            {data && !data.items.length && <tr><td colSpan={5} className="admin-empty">No requests found.</td></tr>}
          </tbody>
        </table>
      </div>
      {data && <AdminPager page={page} total={data.total} onPage={setPage} />}
    </div>
  );
}
