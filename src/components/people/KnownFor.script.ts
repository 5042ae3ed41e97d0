/** The script of KnownFor.astro, started by ../layout/page-scripts.ts. */
import { compareKnownFor, type KnownForSort } from '../../lib/catalog/client/people-params.ts';

const keys = (item: HTMLElement) => ({
  popularity: item.dataset.popularity ? Number(item.dataset.popularity) : null,
  date: item.dataset.date || null,
  rating: item.dataset.rating ? Number(item.dataset.rating) : null,
});

export function startKnownForSorts(): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-known-for]')) {
    const list = section.querySelector<HTMLElement>('[data-known-for-list]')!;
    const buttons = [...section.querySelectorAll<HTMLButtonElement>('[data-sort]')];
    for (const button of buttons) {
      button.addEventListener('click', () => {
        const sort = button.dataset.sort as KnownForSort;
        buttons.forEach((b) => b.setAttribute('aria-pressed', String(b === button)));
        const items = [...list.children] as HTMLElement[];
        list.append(...items.sort((a, b) => compareKnownFor(sort, keys(a), keys(b))));
      });
    }
  }
}
