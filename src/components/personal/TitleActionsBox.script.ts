/** The script of TitleActionsBox.astro, started by ../layout/page-scripts.ts. */
import { wakeForSignedInUser } from '../../lib/personal/client/wake-island.ts';

export function startTitleActions(): void {
  const island = document.querySelector('.personal-actions')?.closest('astro-island');
  if (!island) return;
  wakeForSignedInUser(island);
  // Other list buttons of the page (the TV page's mobile bar) act through the island.
  document.addEventListener('click', (event) => {
    const other = (event.target as Element).closest<HTMLElement>('[data-list-toggle]');
    if (!other || island.contains(other)) return;
    island.dispatchEvent(new Event('pointerover'));
    island.querySelector<HTMLElement>(`.personal-actions [data-list-toggle="${other.dataset.listToggle}"]`)?.click();
  });
}
