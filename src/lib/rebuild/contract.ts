/** Browser-safe contract of the rebuild status the admin panel shows (GET /api/admin/rebuild). */
import type { ContentType } from '../catalog/client/content-types.ts';

export type RebuildStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface RebuildState {
  status: RebuildStatus | 'idle';
  reason: string | null;
  requestCount: number;
  requestedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** When the last build that ended did so (while another is queued or running). */
  lastFinishedAt: string | null;
  mode: 'hook' | 'local' | 'off';
  /**
   * Published titles changed since the served pages were built, newest first (at most LIVE_LIST_LIMIT): their own
   * pages are live now, rendered on demand; listings (home, browse, categories, sitemap) wait for the rebuild.
   */
  liveOnDemand: LiveTitle[];
}

export interface LiveTitle { type: ContentType; title: string; path: string }
