/** The script of MobileActionBar.astro, loaded after the first paint (../layout/page-scripts.ts). */
import { showToast } from '../../lib/ui/client/toast.ts';
document.addEventListener('click', (event) => {
  if ((event.target as Element).closest('[data-coming-soon]')) showToast('Feature coming soon!', 'info');
});
