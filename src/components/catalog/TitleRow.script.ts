/** The script of TitleRow.astro, started by ../layout/page-scripts.ts. */
import { ROW_SCROLL_FRACTION } from '../../lib/catalog/client/constants.ts';

export function startTitleRows(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-row-scroll]');
    const track = button?.parentElement?.querySelector<HTMLElement>('.row-track');
    if (!button || !track) return;
    track.scrollBy({ left: Number(button.dataset.rowScroll) * track.clientWidth * ROW_SCROLL_FRACTION, behavior: 'smooth' });
  });
}
