/** The script of TitleActionsBox.astro, started by ../layout/page-scripts.ts. */
import { wakeForSignedInUser } from '../../lib/personal/client/wake-island.ts';

export function startTitleActions(): void {
  wakeForSignedInUser(document.querySelector('.personal-actions'));
}
