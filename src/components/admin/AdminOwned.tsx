/**
 * A field the admin owns, marked "Yours": no TMDB sync or re-import overwrites it. "Use TMDB's" hands it back, after
 * the admin has seen what TMDB has.
 */
import { call, errorText } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';
import type { UseTmdbRequest } from '../../lib/admin/contract.ts';
import { showToast } from '../../lib/ui/client/toast.ts';

interface Props {
  /** The field as the admin calls it ('trailer key', 'name'). */
  label: string;
  /** TMDB's value, which "Use TMDB's" puts back. */
  tmdbValue: string | number | null | undefined;
  request: UseTmdbRequest;
  onDone(): void | Promise<void>;
}

const QUOTED_LENGTH = 120;
const quoted = (value: string | number | null | undefined) => {
  if (value === null || value === undefined || value === '') return 'nothing';
  const text = String(value);
  return `"${text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH)}…` : text}"`;
};

/** "Use TMDB's": asks `question`, then hands back what `request` names, says so and reloads. */
export async function handBackToTmdb(question: string, request: UseTmdbRequest, onDone: () => void | Promise<void>): Promise<void> {
  if (!window.confirm(question)) return;
  try {
    showToast((await call(adminRoutes.useTmdb, { body: request })).message, 'success');
    await onDone();
  } catch (error) {
    showToast(`Update failed: ${errorText(error, 'Update failed.')}`, 'error');
  }
}

export default function AdminOwned({ label, tmdbValue, request, onDone }: Props) {
  const question = `Use TMDB's ${label} instead of yours? TMDB has ${quoted(tmdbValue)}.`;
  return (
    <span className="admin-owned">
      <span className="admin-owned-mark">Yours</span>
      <button type="button" className="btn admin-use-tmdb" aria-label={`Use TMDB's ${label}`} onClick={() => handBackToTmdb(question, request, onDone)}>
        Use TMDB's
      </button>
    </span>
  );
}
