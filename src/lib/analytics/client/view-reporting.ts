/**
 * The browser side of view tracking: what this page load still has to report to /api/events/view. The server
 * counts once per session anyway (cookie); remembering it here too saves a request on every later page.
 */
export interface ViewReport {
  title: { type: 'movie' | 'tv'; tmdbId: number } | null;
  /** Call once the server accepted the report. */
  done(): void;
}

const TRACKED_KEY = 'view-tracked';

/** `pageTitle` is the page's data-view-title ('movie:123'), if it shows a title. */
export function viewsToReport(storage: Storage, pageTitle: string | undefined): ViewReport | null {
  const match = /^(movie|tv):(\d+)$/.exec(pageTitle ?? '');
  const title = match ? { type: match[1] as 'movie' | 'tv', tmdbId: Number(match[2]) } : null;
  // Only movies have a view count (spec 4): a TV page is reported as the session's first view, never on its own.
  const titleKey = title?.type === 'movie' ? `viewed:movie:${title.tmdbId}` : null;
  const tracked = storage.getItem(TRACKED_KEY) !== null;
  if (tracked && (!titleKey || storage.getItem(titleKey) !== null)) return null;
  return {
    title,
    done() {
      storage.setItem(TRACKED_KEY, '1');
      if (titleKey) storage.setItem(titleKey, '1');
    },
  };
}
