/** The script of MobileActionBar.astro, started by ../layout/page-scripts.ts. */
import { showToast } from '../../lib/ui/client/toast.ts';

export function startComingSoonButtons(): void {
  document.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-coming-soon]')) showToast('Feature coming soon!', 'info');
  });
}
