/**
 * The browser side of view tracking: what this page load still has to report to /api/events/view, and the live
 * counts (views, ratings) of a title page, which its static HTML leaves out so that traffic never changes a page. The server decides what counts (once per client, title and day); remembering what this
 * browser session reported only saves a request on every later page.
 */
import { call } from '../../http/api-client.ts';
import type { ContentType } from '../../titles/client/content-types.ts';
import { CONTENT_TYPES } from '../../titles/client/content-types.ts';
import { analyticsRoutes } from '../routes.ts';
import type { TitleCounts } from '../contract.ts';

type ViewedTitle = { type: ContentType; tmdbId: number };

export interface ViewReport {
  title: ViewedTitle | null;
  /** Call once the server accepted the report. */
  done(): void;
}

const TRACKED_KEY = 'view-tracked';

/** The title a page's data attribute names ('movie:123', 'tv:45'), or null. */
function titleOf(key: string | undefined): ViewedTitle | null {
  const match = /^(movie|tv):(\d+)$/.exec(key ?? '');
  const type = CONTENT_TYPES.find((kind) => kind === match?.[1]);
  return match && type ? { type, tmdbId: Number(match[2]) } : null;
}

/** `pageTitle` is the page's data-view-title ('movie:123', 'tv:45'), if it shows a title. */
export function viewsToReport(storage: Storage, pageTitle: string | undefined): ViewReport | null {
  const title = titleOf(pageTitle);
  const titleKey = title ? `viewed:${title.type}:${title.tmdbId}` : null;
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

/** Sends the report; resolves to the title's current counts from the answer (null when it carries none). */
export async function sendViewReport(report: ViewReport): Promise<TitleCounts | null> {
  try {
    const answer = await call(analyticsRoutes.reportView, { body: { title: report.title } });
    report.done();
    return answer.viewCount === null || answer.ratingCount === null ? null : { viewCount: answer.viewCount, ratingCount: answer.ratingCount };
  } catch {
    return null;
  }
}

/**
 * '12,345'. Not toLocaleString: its first call in a page loads the browser's locale data, one 30-45 ms task on a
 * desktop CPU, and it would run on every title page as the view report's answer arrives.
 */
export function formatViewCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Shows how many users rated the title (the rating island calls it after a rating is saved). */
export function showRatingCount(count: number): void {
  const element = document.querySelector<HTMLElement>('[data-rating-count]');
  if (!element) return;
  element.textContent = `${formatViewCount(count)} ${count === 1 ? 'rating' : 'ratings'}`;
  element.hidden = false;
}

/**
 * Fills a title page's counts (`<… data-view-count="movie:123"><span data-view-number>` and `[data-rating-count]`):
 * from the view report's answer when this load sent one, else from /api/events/view-count once the counts scroll
 * into view, so a visitor who never sees them costs no request.
 */
export async function showLiveCounts(element: HTMLElement, reported: Promise<TitleCounts | null> | null): Promise<void> {
  const number = element.querySelector<HTMLElement>('[data-view-number]');
  const title = titleOf(element.dataset.viewCount);
  if (!number || !title) return;
  const show = (counts: TitleCounts) => {
    number.textContent = formatViewCount(counts.viewCount);
    showRatingCount(counts.ratingCount);
  };
  const fromReport = reported ? await reported : null;
  if (fromReport !== null) return show(fromReport);
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    call(analyticsRoutes.viewCount, { query: title }).then(show).catch(() => {});
  });
  observer.observe(element);
}
