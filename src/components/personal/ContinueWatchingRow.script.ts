/** The script of ContinueWatchingRow.astro, loaded after the first paint (../layout/page-scripts.ts). */
import { wakeForSignedInUser } from '../../lib/personal/client/wake-island.ts';
wakeForSignedInUser(document.querySelector('[data-continue-watching]'));
