/**
 * Started on every page by src/components/layout/page-scripts.ts: the once-per-session view tracking (plus the
 * title's view count when the page names it with data-view-title="movie:{tmdbId}" or "tv:{tmdbId}"), the live
 * counts of a title page, and the visitor's pending action once they signed in. Kept tiny: the pending-action code
 * is only loaded when one is remembered.
 */
import { PENDING_ACTION_KEY } from '../../lib/personal/client/pending-action-key.ts';
import { sendViewReport, showLiveCounts, viewsToReport } from '../../lib/analytics/client/view-reporting.ts';
// Loaded on every page anyway (the header's account menu uses it): importing it later would save nothing.
import { resolvedUser } from '../../lib/accounts/client/session-store.ts';

export function startPersonalHooks(): void {
  const report = viewsToReport(sessionStorage, document.querySelector<HTMLElement>('[data-view-title]')?.dataset.viewTitle);
  const reported = report ? sendViewReport(report) : null;
  const viewCount = document.querySelector<HTMLElement>('[data-view-count]');
  if (viewCount) void showLiveCounts(viewCount, reported);

  if (sessionStorage.getItem(PENDING_ACTION_KEY)) {
    void import('./pending-action.ts').then(async ({ applyPendingAction }) => {
      if (await resolvedUser()) await applyPendingAction();
    });
  }
}
