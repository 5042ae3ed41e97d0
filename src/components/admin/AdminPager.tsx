/** The admin tables' pager: Previous / 'Page X of Y' / Next, shown when the rows fill more than one page. */
export const ADMIN_PAGE_SIZE = 50;

interface Props {
  page: number;
  total: number;
  onPage(page: number): void;
}

export default function AdminPager({ page, total, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page} of {pages}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}
