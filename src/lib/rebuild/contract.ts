/** Browser-safe contract of the rebuild status the admin panel shows (GET /api/admin/rebuild). */

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
}
