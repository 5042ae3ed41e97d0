/** The script of ContinueWatchingRow.astro, started by ../layout/page-scripts.ts. */
import { wakeForSignedInUser } from '../../lib/personal/client/wake-island.ts';

export function startContinueWatching(): void {
  wakeForSignedInUser(document.querySelector('[data-continue-watching]'));
}
