/** An import's report: its counts, then its entries by outcome, the ones not imported first and open. */
import type { ImportAction, ImportEntry, ImportOutcome, ImportReport } from '../../lib/transfer/contract.ts';

const GROUPS: { title: string; outcomes: ImportOutcome[]; open: boolean }[] = [
  { title: 'Not matched', outcomes: ['not_matched'], open: true },
  { title: 'Skipped (unreadable)', outcomes: ['skipped'], open: true },
  { title: 'Imported', outcomes: ['added', 'updated'], open: false },
  { title: 'Already here', outcomes: ['unchanged'], open: false },
  { title: 'Replaced by a later entry', outcomes: ['superseded'], open: false },
];

const ACTION_LABELS: Record<ImportAction, string> = { rating: 'rating', wishlist: 'Wishlist', my_list: 'My List', history: 'history' };

function EntryLine({ entry }: { entry: ImportEntry }) {
  const name = `${entry.title}${entry.year ? ` (${entry.year})` : ''}`;
  return (
    <li>
      <span className="import-source">{entry.source}</span>{' '}
      {entry.match ? <a href={entry.match.href}>{name}</a> : <strong>{name}</strong>}{' '}
      <span className="import-action">→ {ACTION_LABELS[entry.action]}{entry.outcome === 'updated' ? ' (updated)' : ''}</span>
      {entry.reason && <span className="import-reason">: {entry.reason}</span>}
    </li>
  );
}

export default function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-report" aria-label="Import report">
      <p role="status" className="import-message">{report.message}</p>
      <p className="import-files">Read: {report.files.join(', ')}</p>
      {GROUPS.map((group) => {
        const entries = report.entries.filter((entry) => group.outcomes.includes(entry.outcome));
        const count = group.outcomes.reduce((sum, outcome) => sum + report.counts[outcome], 0);
        if (!count) return null;
        return (
          <details key={group.title} open={group.open}>
            <summary>{group.title} ({count})</summary>
            <ul>{entries.map((entry, index) => <EntryLine key={`${entry.source}-${entry.action}-${index}`} entry={entry} />)}</ul>
            {entries.length < count && <p>And {count - entries.length} more.</p>}
          </details>
        );
      })}
    </div>
  );
}
