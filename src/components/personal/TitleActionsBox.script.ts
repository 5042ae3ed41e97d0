/** The script of TitleActionsBox.astro, loaded after the first paint (../layout/page-scripts.ts). */
import { wakeForSignedInUser } from '../../lib/personal/client/wake-island.ts';
const island = document.querySelector('.personal-actions')?.closest('astro-island');
wakeForSignedInUser(island);
// Other list buttons of the page (the TV page's mobile bar) act through the island.
document.addEventListener('click', (event) => {
  const other = (event.target as Element).closest<HTMLElement>('[data-list-toggle]');
  if (!other || !island || island.contains(other)) return;
  island.dispatchEvent(new Event('pointerover'));
  island.querySelector<HTMLElement>(`.personal-actions [data-list-toggle="${other.dataset.listToggle}"]`)?.click();
});
